// The day sums by reporting day (DaySummary.ofDay, gsi2 `DAYSUM_DAY#{day}` / agentId): which agents
// moved money on the days of a range, with their figures, in ≤ 31 partition reads instead of one Query
// per agent. The keys are written by the ledger transaction's own day-sum upsert; items written before
// the index existed get them from the backfill below, and until the backfill has recorded its end the
// readers here answer `undefined` so callers keep the per-agent Query path (never a short report).
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DaySummary } from '#entities/day-summary.ts';
import { IndexBackfill } from '#entities/index-backfill.ts';
import { docClient, tableName } from '#platform/dynamo.ts';

/** Day partitions read at once (each a few pages of 1 MB at most). */
const DAYS_AT_ONCE = 8;

/** Whether every day sum carries its by-day keys (the backfill ran to the end, or the table started with them). */
export async function dayIndexComplete(): Promise<boolean> {
  return (await IndexBackfill.get({ name: 'DAYSUM_DAY' }, { consistent: true })) !== undefined;
}

/**
 * The day sums of the range's days, by agent, newest day first: every agent with at least one ledger
 * entry in the range, and only those. Undefined while the index may still miss older items.
 */
export async function daySummariesOfDays(days: readonly string[]): Promise<Map<string, DaySummary[]> | undefined> {
  if (!(await dayIndexComplete())) return undefined;
  const byDay: DaySummary[][] = new Array(days.length);
  let next = 0;
  const worker = async () => {
    while (next < days.length) {
      const at = next++;
      byDay[at] = await DaySummary.query.ofDay(days[at]!).all();
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
 * Gives every day sum written before the by-day index existed its keys, then records that the index is
 * complete. Idempotent and safe beside live ledger writes (they write the same keys); run it once after
 * deploying the index (`npx tsx functions/core/reports/backfill-day-summary-index.ts` with TABLE_NAME
 * and AWS credentials, or locally against the running stack). A parallel Scan, `segments` at once,
 * reading only the day sums that lack the keys; each gets one conditional UpdateItem through the entity,
 * so an item deleted meanwhile is not recreated.
 */
export async function backfillDaySummaryDayIndex(opts: { segments?: number; onProgress?: (p: BackfillProgress) => void } = {}): Promise<BackfillProgress> {
  const segments = opts.segments ?? 8;
  const progress: BackfillProgress = { scanned: 0, updated: 0 };
  await Promise.all(
    Array.from({ length: segments }, async (_v, segment) => {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await docClient().send(
          new ScanCommand({
            TableName: tableName(),
            Segment: segment,
            TotalSegments: segments,
            FilterExpression: '#entity = :entity AND attribute_not_exists(#ixpk)',
            ProjectionExpression: '#agentId, #day',
            ExpressionAttributeNames: { '#entity': 'entity', '#ixpk': 'gsi2pk', '#agentId': 'agentId', '#day': 'day' },
            ExpressionAttributeValues: { ':entity': DaySummary.entity },
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        progress.scanned += page.ScannedCount ?? 0;
        for (const item of page.Items ?? []) {
          const id = { agentId: String(item.agentId), day: String(item.day) };
          // Setting the key attributes to themselves makes the entity write the index keys (and only those).
          await DaySummary.patch(id, { set: id });
          progress.updated += 1;
        }
        opts.onProgress?.({ ...progress });
        start = page.LastEvaluatedKey;
      } while (start);
    }),
  );
  await IndexBackfill.put({ name: 'DAYSUM_DAY', completedAt: new Date().toISOString(), itemsUpdated: progress.updated });
  return progress;
}
