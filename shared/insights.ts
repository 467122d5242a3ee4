// The Home insights' arithmetic (issue 12, beyond the spec): the agent's balance run-out forecast and
// its words, the staff fill rate and margin, and how an order's caps and last 7 days rank it among the
// "orders starving for leads". Pure functions, shared by the server (which answers the figures and
// texts) and the browser; money in integer cents.
import { formatUsd } from './money.ts';

/** The days the forecast judges the pace by, and the days the Home charts show. */
export const FORECAST_PACE_DAYS = 14;
export const INSIGHT_DAYS = 30;
/** The window of the staff lists (orders starving for leads, unsold supply). */
export const RECENT_DAYS = 7;

export type ForecastKind = 'lasts' | 'lessThanADay' | 'moreThanAYear' | 'notUsed' | 'empty' | 'negative';

export interface Forecast {
  kind: ForecastKind;
  /** Whole days the balance lasts at the pace (kind 'lasts' only). */
  days: number | null;
  text: string;
}

/** The texts, word for word (what the page shows and the tests assert). */
export const FORECAST_TEXTS = {
  lasts: (days: number) => `At your last 14 days' pace your balance lasts about ${days} ${days === 1 ? 'day' : 'days'}.`,
  lessThanADay: "At your last 14 days' pace your balance lasts less than a day.",
  moreThanAYear: "At your last 14 days' pace your balance lasts more than a year.",
  notUsed: 'You spent nothing on leads in the last 14 days, so your balance is not being used up.',
  empty: 'Your balance is $0.00: add funds to keep buying leads.',
  negative: (balanceCents: number) => `Your balance is ${formatUsd(balanceCents)}, below zero on your credit line: add funds to keep buying leads.`,
} as const;

/**
 * How long the balance lasts at the pace of the last 14 days' lead spend (the average per day,
 * days without spend included): balance ÷ (spend ÷ 14), rounded down to whole days.
 */
export function balanceForecast(balanceCents: number, spendLast14DaysCents: number): Forecast {
  if (!Number.isSafeInteger(balanceCents) || !Number.isSafeInteger(spendLast14DaysCents) || spendLast14DaysCents < 0) throw new Error('balanceForecast takes integer cents and a spend of zero or more');
  if (balanceCents < 0) return { kind: 'negative', days: null, text: FORECAST_TEXTS.negative(balanceCents) };
  if (balanceCents === 0) return { kind: 'empty', days: null, text: FORECAST_TEXTS.empty };
  if (spendLast14DaysCents === 0) return { kind: 'notUsed', days: null, text: FORECAST_TEXTS.notUsed };
  // balance / (spend / 14) in integers: no float drift at the day boundary.
  const days = Math.floor((balanceCents * FORECAST_PACE_DAYS) / spendLast14DaysCents);
  if (days < 1) return { kind: 'lessThanADay', days: 0, text: FORECAST_TEXTS.lessThanADay };
  if (days > 365) return { kind: 'moreThanAYear', days: null, text: FORECAST_TEXTS.moreThanAYear };
  return { kind: 'lasts', days, text: FORECAST_TEXTS.lasts(days) };
}

/** Fill rate: leads sold ÷ leads received, a fraction rounded to 4 places; null on a day without leads. */
export function fillRate(sold: number, received: number): number | null {
  if (received <= 0) return null;
  return Math.round((sold / received) * 10_000) / 10_000;
}

/** Margin: what agents paid for the leads minus what the vendors charge for them. */
export const marginCents = (revenueCents: number, vendorCostCents: number) => revenueCents - vendorCostCents;

/** An order's caps (0 = no cap, spec part 2 §5). */
export interface OrderCapsOf {
  maxPerHour: number;
  maxPerDay: number;
  maxPerWeek: number;
  maxPerMonth: number;
}

/**
 * What an order's caps let it take in 7 days: the weekly cap, or 7 daily caps, whichever is lower;
 * with only a monthly cap, its 7/30 share rounded up. Null when it has no day, week or month cap (an
 * hourly cap alone says nothing of a week: the schedule decides), so it is not ranked against a cap.
 */
export function capOf7Days(o: OrderCapsOf): number | null {
  const candidates = [o.maxPerWeek > 0 ? o.maxPerWeek : Infinity, o.maxPerDay > 0 ? o.maxPerDay * 7 : Infinity];
  const weekly = Math.min(...candidates);
  if (Number.isFinite(weekly)) return weekly;
  if (o.maxPerMonth > 0) return Math.ceil((o.maxPerMonth * 7) / 30);
  return null;
}

export interface StarvingCandidate {
  orderId: string;
  leadsLast7Days: number;
  capLast7Days: number;
}

/**
 * The orders starving for leads: the lowest share of their 7-day cap taken first, then the fewest
 * leads, then the bigger cap (more unmet demand), then the order id; `limit` of them.
 */
export function starvingOrders<T extends StarvingCandidate>(orders: readonly T[], limit: number): (T & { fillPercent: number })[] {
  return orders
    .map((o) => ({ ...o, fillPercent: Math.round((o.leadsLast7Days / o.capLast7Days) * 1000) / 10 }))
    .sort((a, b) => a.leadsLast7Days / a.capLast7Days - b.leadsLast7Days / b.capLast7Days || a.leadsLast7Days - b.leadsLast7Days || b.capLast7Days - a.capLast7Days || a.orderId.localeCompare(b.orderId))
    .slice(0, limit);
}

/** The `count` calendar days (YYYY-MM-DD) ending with `lastDay`, oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

export { dayIn } from './time-zones.ts';
