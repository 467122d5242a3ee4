// The reports' by-day indexes, each day in DAY_INDEX_SHARDS partitions. The day sums by reporting day (DaySummary.ofDay, gsi2 `DAYSUM_DAY#{day}#{shard}`
// / agentId): which agents moved money on the days of a range, with their figures, in ≤ 31 partition
// reads instead of one Query per agent. The lead sales by day (LeadSale.ofDay, gsi3 `SALES_DAY#{day}`):
// a lead purchase's codes and price for the Transaction History export without one Query per purchase.
// The day sums' keys are written with the sums, whole, by the projector's day-sums view (a day sum
// without them is made again by `npm run rebuild -- day-sums`). The sales' keys are written by the
// sale's Put in the engine's transaction; sales written before that index existed get them from the
// backfill below, and until it has recorded its end salesOfDays answers `undefined` so callers keep
// the per-sale Query path (never a short report).
import { DaySummary } from '#entities/day-summary.ts';
import { IndexBackfill } from '#entities/index-backfill.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { scanSegments } from '#platform/db.ts';
import { DAY_INDEX_SHARDS } from '#platform/keys.ts';

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

export interface BackfillProgress {
  scanned: number;
  updated: number;
}

/**
 * The sales of the given days by the ledger entry each was paid with (LeadSale.ofDay, gsi3
 * `SALES_DAY#{day}`). Undefined while the sales index may still miss older sales.
 */
export async function salesOfDays(days: readonly string[]): Promise<Map<string, LeadSale> | undefined> {
  if ((await IndexBackfill.get({ name: 'SALES_DAY' }, { consistent: true })) === undefined) return undefined;
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

/**
 * Gives every lead sale written before the reports' sales-by-day index existed its keys, then records
 * the index complete. Idempotent and safe beside live writes (they write the same keys); run it once
 * after deploying the index (`npx tsx functions/core/reports/backfill-day-summary-index.ts`
 * with TABLE_NAME and AWS credentials, or locally against the running stack). One parallel Scan,
 * `segments` at once, returning only the items that lack the keys; each gets one conditional
 * UpdateItem through its entity (which writes the index keys of the attributes it sets), so an item
 * deleted meanwhile is not recreated.
 */
export async function backfillReportIndexes(opts: { segments?: number; onProgress?: (p: BackfillProgress) => void } = {}): Promise<BackfillProgress> {
  const progress: BackfillProgress = { scanned: 0, updated: 0 };
  const { scanned } = await scanSegments(
    {
      filter: '#entity = :sale AND attribute_not_exists(#gsi3pk)',
      projection: '#entity, #agentId, #leadId, #at, #recipient',
      names: { '#entity': 'entity', '#gsi3pk': 'gsi3pk', '#agentId': 'agentId', '#leadId': 'leadId', '#at': 'at', '#recipient': 'recipientAgentId' },
      values: { ':sale': LeadSale.entity },
      ...(opts.segments ? { segments: opts.segments } : {}),
    },
    async (item) => {
      // Setting attributes to what they are makes the entity write the index keys built from them.
      await LeadSale.patch({ leadId: String(item.leadId), agentId: String(item.agentId) }, { set: { at: String(item.at), recipientAgentId: String(item.recipientAgentId) } });
      progress.updated += 1;
    },
    (scannedSoFar) => opts.onProgress?.({ ...progress, scanned: scannedSoFar }),
  );
  progress.scanned = scanned;
  await markReportIndexesComplete(progress.updated);
  return progress;
}

/** Records that every lead sale carries its by-day keys (the backfill's end, or a table seeded from empty). */
export async function markReportIndexesComplete(itemsUpdated = 0): Promise<void> {
  await IndexBackfill.put({ name: 'SALES_DAY', completedAt: new Date().toISOString(), itemsUpdated });
}

/** One read per shard of a by-day index (DAY_INDEX_SHARDS), side by side. */
function daySharded<T>(read: (shard: number) => Promise<T>): Promise<T>[] {
  return Array.from({ length: DAY_INDEX_SHARDS }, (_v, shard) => read(shard));
}
