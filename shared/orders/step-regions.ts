// Step 2, Select Regions (2§4, §5, §8): states-only or zip mode, with the picker's snackbar texts.
import { z } from 'zod';
import { ORDER_LIMITS, stateEntrySchema, zipGroupSchema } from './order.ts';

export const REGION_MESSAGES = {
  fundRequired: 'At least one zip/state is required.',
  campaignStateRequired: 'At least one state must be selected.',
  campaignZipRequired: 'At least one zip code must be selected.',
  duplicateZip: 'Duplicate zip code.',
  invalidZip: 'Invalid Zip Code',
  zipNotInState: 'Zip code entered is not valid for the current selected State.',
  statesCleared: 'All states cleared.',
  zipsCleared: 'All zip codes cleared.',
  zipAdded: (zip: string) => `Zip code ${zip} added.`,
  scfAdded: (scf: string, count: number) => `Area ${scf} added (${count} zip codes).`,
  stateAdded: (state: string) => `${state} added.`,
  radiusAdded: (zip: string, miles: number, count: number) => `${count} zip codes within ${miles} miles of ${zip} added.`,
  tooManyZips: `An order can list at most ${ORDER_LIMITS.zipCodesMax} zip codes.`,
  radiusNeedsZip: 'Enter a 5-digit zip code and a radius.',
} as const;

export const regionsStepSchema = z.object({
  StatesOnly: z.boolean(),
  States: z.array(stateEntrySchema).max(60),
  ZipCodes: z.array(zipGroupSchema).max(500),
});
export type RegionsStepValues = z.input<typeof regionsStepSchema>;

/** Every distinct zip code of the groups, in first-seen order. */
export function distinctZips(groups: RegionsStepValues['ZipCodes']): string[] {
  return [...new Set(groups.flatMap((g) => g.ZipCodes.map((z) => z.ZipCode)))];
}

/** The step's check: the message to show, or undefined when valid. */
export function regionsStepMessage(v: RegionsStepValues, flow: 'fund' | 'campaign'): string | undefined {
  const zips = distinctZips(v.ZipCodes);
  if (zips.length > ORDER_LIMITS.zipCodesMax) return REGION_MESSAGES.tooManyZips;
  if (flow === 'fund') return (v.StatesOnly ? v.States.length : zips.length) > 0 ? undefined : REGION_MESSAGES.fundRequired;
  if (v.StatesOnly) return v.States.length > 0 ? undefined : REGION_MESSAGES.campaignStateRequired;
  return zips.length > 0 ? undefined : REGION_MESSAGES.campaignZipRequired;
}

export const regionsStepSchemaFor = (flow: 'fund' | 'campaign') =>
  regionsStepSchema.superRefine((v, ctx) => {
    const message = regionsStepMessage(v, flow);
    if (message) ctx.addIssue({ code: 'custom', message, path: [v.StatesOnly ? 'States' : 'ZipCodes'] });
  });
