// A ping and its Ping History counters written together (docs/data-model.md #93b): one transaction
// puts the Ping item and ADDs one to its pair's day counters (all pings, its state, its bid, its
// messages: one item), so the counters equal the pings at every moment. Pings written before the counters
// existed are keyed and counted once each by backfillPingCounts (backfill-ping-counts.ts), which then
// writes the PING_COUNTS marker: until it exists, Ping History reads ranges instead of counting. The
// summed form of the counters serves the benchmark's seeding.
import { IndexBackfill } from '#entities/index-backfill.ts';
import { Ping } from '#entities/ping.ts';
import { pingCountAddTx, pingCountItems as pingDayCountItems, randomPingCountShard, type PingCountInput } from '#entities/ping-count.ts';
import { ConditionFailed, scanSegments, sleep, transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
import { reportDay } from '#platform/keys.ts';

/** A counter outlives the pings it counts by a day, so a day it counts is never read half-expired. */
const COUNTER_EXTRA_SECONDS = 86_400;
/** Pings of one pair at the same moment touch the same counters: a cancelled transaction is retried. */
const ATTEMPTS = 6;

/** A ping as its day's counters count it. */
const countedAs = (p: Ping): PingCountInput => ({
  campaignCode: p.campaignCode,
  vendorCode: p.vendorCode,
  day: reportDay(p.at),
  stateCode: p.stateCode,
  ...(p.bidCents !== undefined ? { bidCents: p.bidCents } : {}),
  errorMessages: p.errorMessages,
  ttl: p.ttl + COUNTER_EXTRA_SECONDS,
});

/** The transaction items of one ping: its Put (a new id only) and the ADDs to one of its day's counter items. */
export function pingWriteItems(p: Ping, shard = randomPingCountShard()): TxItem[] {
  return [Ping.createTx(p), pingCountAddTx({ ...countedAs(p), shard })];
}

/** Writes a ping with its counters, all or nothing; retried (on another counter item) while another ping of the pair holds one. */
export function writePing(p: Ping): Promise<void> {
  return retried(() => pingWriteItems(p));
}

async function retried(items: () => TxItem[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await transactWrite(items());
      return;
    } catch (err) {
      if (!(err instanceof TransactionConflict) || attempt >= ATTEMPTS) throw err;
      await sleep(Math.random() * 20 * 2 ** attempt);
    }
  }
}

/** The counter items (as stored) that a set of pings sums to: what their transactions would have left. */
export function pingCountItems(pings: Iterable<Ping>): Record<string, unknown>[] {
  return pingDayCountItems([...pings].map(countedAs));
}

// ---------------------------------------------------------------------------------------------
// Pings written before the counters: the backfill and its marker

let complete = false;

/** Whether every ping is keyed and counted (the PING_COUNTS marker); remembered once true, as it stays so. */
export async function pingCountsComplete(): Promise<boolean> {
  if (!complete) complete = (await IndexBackfill.get({ name: 'PING_COUNTS' }, { consistent: true })) !== undefined;
  return complete;
}

/** Records that every ping is keyed and counted: the backfill's end, or a table written with counters from the start. */
export async function markPingCountsComplete(itemsUpdated = 0): Promise<void> {
  await IndexBackfill.put({ name: 'PING_COUNTS', completedAt: new Date().toISOString(), itemsUpdated });
}

/**
 * Keys and counts every ping that has no index keys yet (written before #93b), each in one
 * transaction with its counters' ADDs and conditioned on still being unkeyed, so a ping is counted
 * exactly once however often the backfill runs and whatever pings arrive meanwhile (new ones are
 * keyed and counted when written). Then writes the marker.
 */
export async function backfillPingCounts(opts: { segments?: number; onProgress?: (p: { scanned: number; counted: number }) => void } = {}): Promise<{ scanned: number; counted: number }> {
  let counted = 0;
  const unkeyed = { expression: 'attribute_exists(pk) AND attribute_not_exists(gsi1pk)' };
  const { scanned } = await scanSegments(
    {
      filter: '#entity = :ping AND attribute_not_exists(#gsi1pk)',
      names: { '#entity': 'entity', '#gsi1pk': 'gsi1pk' },
      values: { ':ping': Ping.entity },
      ...(opts.segments ? { segments: opts.segments } : {}),
    },
    async (item) => {
      const p = Ping.parse(item);
      try {
        await retried(() => [Ping.putTx(p, { condition: unkeyed }), pingCountAddTx({ ...countedAs(p), shard: randomPingCountShard() })]);
        counted += 1;
      } catch (err) {
        // Keyed meanwhile (another run) or expired and deleted: nothing to count.
        if (!(err instanceof ConditionFailed)) throw err;
      }
    },
    (scannedSoFar) => opts.onProgress?.({ scanned: scannedSoFar, counted }),
  );
  await markPingCountsComplete(counted);
  complete = true;
  return { scanned, counted };
}
