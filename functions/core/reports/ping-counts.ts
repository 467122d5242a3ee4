// A ping and its Ping History counters written together (docs/data-model.md #93b): one transaction
// puts the Ping item and ADDs one to its pair's day counters (all pings, its state, its bid, its
// messages), so the counters equal the pings at every moment. The summed form of the same counters
// serves the benchmark's seeding and the backfill (backfill-ping-counts.ts).
import { Ping } from '#entities/ping.ts';
import { bidGroup, errorGroup, PingCount, type PingCountColumn } from '#entities/ping-count.ts';
import { sleep, transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
import { reportDay } from '#platform/keys.ts';

/** A counter outlives the pings it counts by a day, so a day it counts is never read half-expired. */
const COUNTER_EXTRA_SECONDS = 86_400;
/** Pings of one pair at the same moment touch the same counters: a cancelled transaction is retried. */
const ATTEMPTS = 6;

type CounterId = { column: PingCountColumn; group: string; label?: string | number | null };

/** The counters a ping adds one to: its day's total, state, bid and messages. */
export function pingCounters(p: Ping): CounterId[] {
  return [
    { column: 'ALL', group: '' },
    { column: 'STATE', group: p.stateCode, label: p.stateCode },
    { column: 'BID', group: bidGroup(p.bidCents), label: p.bidCents ?? null },
    { column: 'ERR', group: errorGroup(p.errorMessages), label: p.errorMessages.join('; ') },
  ];
}

/** The transaction items of one ping: its Put (a new id only) and its counters' ADDs. */
export function pingWriteItems(p: Ping): TxItem[] {
  const day = reportDay(p.at);
  return [
    Ping.createTx(p),
    ...pingCounters(p).map((c) =>
      PingCount.patchTx(
        { campaignCode: p.campaignCode, vendorCode: p.vendorCode, column: c.column, day, group: c.group },
        { add: { count: 1 }, set: { ttl: p.ttl + COUNTER_EXTRA_SECONDS, ...(c.label !== undefined ? { label: c.label } : {}) } },
        { upsert: true },
      ),
    ),
  ];
}

/** Writes a ping with its counters, all or nothing; retried while another ping of the pair holds a counter. */
export async function writePing(p: Ping): Promise<void> {
  const items = pingWriteItems(p);
  for (let attempt = 1; ; attempt++) {
    try {
      await transactWrite(items);
      return;
    } catch (err) {
      if (!(err instanceof TransactionConflict) || attempt >= ATTEMPTS) throw err;
      await sleep(Math.random() * 20 * 2 ** attempt);
    }
  }
}

/** The counter items (as stored) that a set of pings sums to: what the transactions would have left. */
export function pingCountItems(pings: Iterable<Ping>): Record<string, unknown>[] {
  const sums = new Map<string, PingCount>();
  for (const p of pings) {
    const day = reportDay(p.at);
    for (const c of pingCounters(p)) {
      const id = `${PingCount.key({ campaignCode: p.campaignCode, vendorCode: p.vendorCode, column: c.column, day, group: c.group }).pk}|${day}#${c.group}`;
      const found = sums.get(id);
      const ttl = p.ttl + COUNTER_EXTRA_SECONDS;
      if (found) {
        found.count += 1;
        found.ttl = Math.max(found.ttl, ttl);
      } else
        sums.set(id, { campaignCode: p.campaignCode, vendorCode: p.vendorCode, column: c.column, day, group: c.group, ...(c.label !== undefined ? { label: c.label } : {}), count: 1, ttl });
    }
  }
  return [...sums.values()].map((c) => PingCount.toItem(c));
}
