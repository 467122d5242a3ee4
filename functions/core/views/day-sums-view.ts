// The Account Summary's day sums (entities/day-summary.ts), kept from the ledger: a new entry makes
// its agent's sum of that reporting day again from the day's entries (one consistent Query of the
// agent's ledger over the day) and writes it whole. The sum depends only on which entries the day
// holds, so a record applied twice or after a later one writes the same item; a ledger is only
// appended to, so a day's entry count only grows, and a write carrying fewer entries than the stored
// sum (a slower apply of an earlier record) is refused by its condition instead of undoing a newer one.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DaySummary } from '#entities/day-summary.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { ConditionFailed } from '#platform/db.ts';
import { reportDay } from '#platform/report-day.ts';
import { COMPANY_TIME_ZONE } from '#shared/time-zones.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import type { View } from './projector.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

type DayEntry = Pick<LedgerEntry, 'at' | 'type' | 'creditCents' | 'debitCents' | 'balanceAfterCents'>;

/**
 * An agent's day sum from all of that reporting day's entries (any order): credits and debits per
 * type, the count, the balance before the first entry and after the last. The one computation of a
 * day sum: the view writes it, bulk seeding (accountItems) too.
 */
export function daySummaryOf(agentId: string, day: string, entries: readonly DayEntry[]): DaySummary {
  if (entries.length === 0) throw new Error(`No entries of ${agentId} on ${day}`);
  const inOrder = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  const first = inOrder[0]!;
  const last = inOrder.at(-1)!;
  const sum: DaySummary = {
    agentId,
    day,
    openingBalanceCents: first.balanceAfterCents - first.creditCents + first.debitCents,
    closingBalanceCents: last.balanceAfterCents,
    entryCount: inOrder.length,
    updatedAt: last.at,
  };
  for (const e of inOrder) {
    sum[`credit${e.type}Cents`] = (sum[`credit${e.type}Cents`] ?? 0) + e.creditCents;
    sum[`debit${e.type}Cents`] = (sum[`debit${e.type}Cents`] ?? 0) + e.debitCents;
  }
  return sum;
}

/** The instants [from, to) of a reporting day. */
function dayBounds(day: string): { from: string; to: string } {
  const next = dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD');
  return { from: dayjs.tz(day, COMPANY_TIME_ZONE).toISOString(), to: dayjs.tz(next, COMPANY_TIME_ZONE).toISOString() };
}

/** Makes the agent's day sum of `day` from the stored entries and writes it, unless a fuller one is stored. */
export async function refreshDaySummary(agentId: string, day: string): Promise<void> {
  const { from, to } = dayBounds(day);
  const entries = (await LedgerEntry.query.byTime(agentId, from, to).all({ consistent: true })).filter((e) => reportDay(e.at) === day);
  if (entries.length === 0) return;
  const sum = daySummaryOf(agentId, day, entries);
  try {
    await DaySummary.put(sum, { condition: { expression: 'attribute_not_exists(pk) OR entryCount <= :count', values: { ':count': sum.entryCount } } });
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
  }
}

export const daySumsView: View = {
  name: 'day-sums',
  sources: ['LedgerEntry'],
  async apply(record: ChangeRecord): Promise<void> {
    if (record.eventName !== 'INSERT' || !record.newImage || entityOf(record) !== 'LedgerEntry') return;
    const entry = record.newImage as unknown as LedgerEntry;
    await refreshDaySummary(entry.agentId, reportDay(entry.at));
  },
};
