// The reports' by-day indexes, each day in DAY_INDEX_SHARDS partitions. The day sums by reporting day (DaySummary.ofDay, gsi2 `DAYSUM_DAY#{day}#{shard}`
// / agentId): which agents moved money on the days of a range, with their figures, in ≤ 31 partition
// reads instead of one Query per agent. The lead sales by day (LeadSale.ofDay, gsi3 `SALES_DAY#{day}`):
// a lead purchase's codes and price for the Transaction History export without one Query per purchase.
// The day sums' keys are written with the sums, whole, by the projector's day-sums view (a day sum
// without them is made again by `npm run rebuild -- day-sums`). The sales' keys are written by the
// sale's Put in the engine's transaction.
import { DaySummary } from '#entities/day-summary.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { DAY_INDEX_SHARDS } from '#platform/shard.ts';

/** Day partitions read at once (each a few pages of 1 MB at most). */
const DAYS_AT_ONCE = 8;

/**
 * The day sums of the range's days, by agent, newest day first: every agent with at least one ledger
 * entry in the range whose entries the projector has summed.
 */
export async function daySummariesOfDays(days: readonly string[]): Promise<Map<string, DaySummary[]>> {
  const byDay: DaySummary[][] = new Array(days.length);
  let next = 0;
  const worker = async () => {
    while (next < days.length) {
      const at = next++;
      byDay[at] = (await Promise.all(daySharded((shard) => DaySummary.query.ofDay(days[at]!, shard).all()))).flat();
    }
  };
  await Promise.all(Array.from({ length: Math.min(DAYS_AT_ONCE, days.length) }, worker));
  const byAgent = new Map<string, DaySummary[]>();
  for (const sums of byDay) for (const sum of sums) byAgent.set(sum.agentId, [...(byAgent.get(sum.agentId) ?? []), sum]);
  for (const sums of byAgent.values()) sums.sort((a, b) => b.day.localeCompare(a.day));
  return byAgent;
}

/**
 * The sales of the given days by the ledger entry each was paid with (LeadSale.ofDay, gsi3
 * `SALES_DAY#{day}`).
 */
export async function salesOfDays(days: readonly string[]): Promise<Map<string, LeadSale>> {
  const byEntry = new Map<string, LeadSale>();
  let next = 0;
  const worker = async () => {
    while (next < days.length) {
      const day = days[next++]!;
      for (const sale of (await Promise.all(daySharded((shard) => LeadSale.query.ofDay(day, shard).all()))).flat()) byEntry.set(sale.ledgerEntryId, sale);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DAYS_AT_ONCE, days.length) }, worker));
  return byEntry;
}

/** One read per shard of a by-day index (DAY_INDEX_SHARDS), side by side. */
function daySharded<T>(read: (shard: number) => Promise<T>): Promise<T>[] {
  return Array.from({ length: DAY_INDEX_SHARDS }, (_v, shard) => read(shard));
}
