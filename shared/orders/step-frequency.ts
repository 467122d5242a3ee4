// Step 3, Lead Frequency (2§5): caps per hour, day, week and month; blank or zero means no cap; at
// least one above zero; a later period may not be less than an earlier non-zero one.
import { z } from 'zod';
import { ORDER_LIMITS } from './order.ts';

export const PERIODS = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type Period = (typeof PERIODS)[number];
export const CAP_FIELDS = { hourly: 'MaxPerHour', daily: 'MaxPerDay', weekly: 'MaxPerWeek', monthly: 'MaxPerMonth' } as const;

export const FREQUENCY_MESSAGES = {
  fundRequired: 'At least one frequency is required.',
  campaignRequired: 'At least one frequency amount must be entered.',
  fundOrder: (period: Period, value: number) => `The ${period} limit (${value}) cannot be less than previous frequencies.`,
  campaignOrder: (period: Period, value: number, earlier: Period, earlierValue: number) =>
    `The ${period} limit (${value}) cannot be less than the ${earlier} limit (${earlierValue})`,
  summary: 'Frequencies are invalid.',
  digitsOnly: 'Frequency must be a whole number.',
} as const;

/** A cap: a whole number; above 1000 is normalised to 1000 (2§9). */
export const capSchema = z
  .number(FREQUENCY_MESSAGES.digitsOnly)
  .int(FREQUENCY_MESSAGES.digitsOnly)
  .min(0, FREQUENCY_MESSAGES.digitsOnly)
  .max(9999, FREQUENCY_MESSAGES.digitsOnly)
  .transform((n) => Math.min(n, ORDER_LIMITS.capMax));

export const frequencyStepShape = {
  MaxPerHour: capSchema,
  MaxPerDay: capSchema,
  MaxPerWeek: capSchema,
  MaxPerMonth: capSchema,
};
export type Caps = { MaxPerHour: number; MaxPerDay: number; MaxPerWeek: number; MaxPerMonth: number };

/** Every message the caps earn, in the spec's order (empty when valid). */
export function frequencyMessages(caps: Caps, flow: 'fund' | 'campaign'): string[] {
  const values = PERIODS.map((p) => caps[CAP_FIELDS[p]]);
  if (values.every((v) => !v)) return [flow === 'fund' ? FREQUENCY_MESSAGES.fundRequired : FREQUENCY_MESSAGES.campaignRequired];
  const messages: string[] = [];
  PERIODS.forEach((period, i) => {
    const value = values[i]!;
    if (!value) return;
    const earlier = PERIODS.slice(0, i).map((p, j) => [p, values[j]!] as const).filter(([, v]) => v > value);
    if (earlier.length === 0) return;
    if (flow === 'fund') messages.push(FREQUENCY_MESSAGES.fundOrder(period, value));
    else for (const [p, v] of earlier) messages.push(FREQUENCY_MESSAGES.campaignOrder(period, value, p, v));
  });
  return messages;
}

export const frequencyStepSchemaFor = (flow: 'fund' | 'campaign') =>
  z.object(frequencyStepShape).superRefine((caps, ctx) => {
    for (const message of frequencyMessages(caps, flow)) ctx.addIssue({ code: 'custom', message, path: ['MaxPerHour'] });
  });
export type FrequencyStepValues = z.input<ReturnType<typeof frequencyStepSchemaFor>>;

/** Gauge value (2§9): used/max as a rounded percentage, for each cap above zero. */
export function gaugePercent(used: number, max: number): number | undefined {
  return max > 0 ? Math.round((used / max) * 100) : undefined;
}
