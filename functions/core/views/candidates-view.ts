// The lead engine's candidate snapshot (entities/candidate-row.ts) from the facts it judges: an order's
// header or target record, and an agent's profile or balance record, make the rows they touch again
// from the facts as they are now (core/leads/snapshot.ts `rowsFromFacts`, consistent reads): a row per
// state of an Active order whose target there is active, deleted otherwise, written only when it
// differs from the stored one. Made from the facts, not from the record, a row is the same whichever
// records come first or twice. A sale's records only set the header (a higher lead count) and the
// balance (a higher version) on the rows that hold older ones, without reading the facts again, once
// per row at the batch's end (a sale's header and balance land on the same rows). Every
// shard a record was applied to (written or found as it should be) has its version raised once after
// the batch: a batch retried after a crash raises again what its first run may have written. A shard
// whose records in the batch were all a sale's raises its soft version (`sales`) instead: the engine
// overlays its own sales on what it holds, so it reads such a shard again beside a lead, not before.
// Each raise names the orders whose rows it covers (`changes`): a process that held the shard just
// before reads those rows by key, not the shard's hundreds.
import { Balance } from '#entities/balance.ts';
import { candidateShardOf, CandidateRow, CandidateShardVersion, CHANGED_IDS_KEPT, CHANGES_KEPT } from '#entities/candidate-row.ts';
import { Order } from '#entities/order.ts';
import { OrderRecipient } from '#entities/order-recipient.ts';
import { ConditionFailed, notExists } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import { entityOf, type ChangeRecord, type Item } from '#platform/stream.ts';
import { rowBalance, rowOrder, rowsFromFacts } from '#core/leads/snapshot.ts';
import { shardVersionRaiser } from './held-shards.ts';
import type { View } from './projector.ts';
import { kept } from '#platform/held.ts';

/**
 * Raises a shard's version (`soft`: its soft version) and remembers the rows the raise changed under
 * the sum of both after it, beside the latest raises' (a read then a write conditional on the versions
 * read: concurrent raises of one shard, from other processes' batches, go one after the other).
 */
async function raiseShard(key: string, soft: boolean, rows: ReadonlySet<string> | undefined): Promise<void> {
  const at = key.lastIndexOf('#');
  const id = { state: key.slice(0, at), shard: Number(key.slice(at + 1)) };
  for (let attempt = 1; ; attempt++) {
    const stored = await CandidateShardVersion.get(id, { consistent: true });
    const was = stored ?? CandidateShardVersion.schema.parse(id);
    const next = { ...id, version: was.version + (soft ? 0 : 1), sales: was.sales + (soft ? 1 : 0) };
    const change = { n: next.version + next.sales, ...(rows && rows.size <= CHANGED_IDS_KEPT ? { orders: [...rows] } : {}) };
    const same = { expression: '(#v = :v OR attribute_not_exists(#v)) AND (#s = :s OR attribute_not_exists(#s))', names: { '#v': 'version', '#s': 'sales' }, values: { ':v': was.version, ':s': was.sales } };
    try {
      return await CandidateShardVersion.put({ ...next, changes: keptChanges([...was.changes, change]) }, { condition: stored ? same : notExists });
    } catch (err) {
      if (!(err instanceof ConditionFailed) || attempt >= RAISE_ATTEMPTS) throw err;
    }
  }
}
const RAISE_ATTEMPTS = 20;

/** The latest changes, at most CHANGES_KEPT of them naming at most CHANGED_IDS_KEPT rows together. */
function keptChanges(changes: CandidateShardVersion['changes']): CandidateShardVersion['changes'] {
  let named = 0;
  let from = changes.length;
  while (from > 0 && changes.length - from < CHANGES_KEPT && (named += changes[from - 1]!.orders?.length ?? 0) <= CHANGED_IDS_KEPT) from--;
  return changes.slice(from);
}

/** Notes the shards (`{state}#{shard}`) records were applied to, with the rows, and raises their versions once after a batch. */
const written = shardVersionRaiser(raiseShard);
/** Notes the shards of an order's rows in these states; `sale`: the change was a sale's (its counters, its buyer's balance taken down). */
const noteShards = (orderId: string, states: readonly string[], sale = false) => states.forEach((state) => written.wrote(`${state}#${candidateShardOf(orderId)}`, sale, orderId));

/** The same value, whatever order its maps' keys come in. */
const canonical = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));

/** Makes an order's rows again: the states it covers now and `also` (those it covered before). */
async function refreshOrder(orderId: string, also: readonly string[] = []): Promise<void> {
  const order = await Order.get({ orderId }, { consistent: true });
  const states = [...new Set([...(order?.targetStates ?? []), ...also])];
  if (states.length === 0) return;
  const [rows, stored] = await Promise.all([
    order?.status === 1 ? rowsFromFacts(states.map((state) => ({ orderId, agentId: order.agentId, state }))) : [],
    getMany(Object.fromEntries(states.map((state) => [state, CandidateRow.ref({ state, order: { orderId } })])), { consistent: true }),
  ]);
  await Promise.all(
    states.map((state, i) => {
      const row = rows[i];
      const keep = row && row.order.status === 1 && row.target.active ? row : undefined;
      if (keep) return canonical(keep) === canonical(stored[state]) ? undefined : CandidateRow.put(keep);
      return stored[state] ? CandidateRow.delete({ state, order: { orderId } }) : undefined;
    }),
  );
  noteShards(orderId, states);
}

type Header = CandidateRow['order'];
type RowBalance = NonNullable<CandidateRow['balance']>;

/**
 * The parts a batch's records set on rows, by row (`{state}#{orderId}`), written once at the batch's
 * end: the newest header (by lead count) and balance (by version) each row was given. A sale moves both
 * its order's header and its buyer's balance, on the same rows: one write for the two, and one for a
 * row that several sales of the batch moved. `sale`: every part came from a sale.
 */
const parts = kept(new Map<string, { state: string; orderId: string; order?: Header; balance?: RowBalance; sale: boolean }>());

/** Gives the rows of these states a newer part (kept until the batch's end: `writeParts`). */
function setPart(orderId: string, states: readonly string[], part: { order?: Header; balance?: RowBalance }, sale: boolean): void {
  for (const state of states) {
    const key = `${state}#${orderId}`;
    const row = parts.get(key) ?? { state, orderId, sale: true };
    if (part.order && (!row.order || part.order.leadCount > row.order.leadCount)) row.order = part.order;
    if (part.balance && (!row.balance || part.balance.version > row.balance.version)) row.balance = part.balance;
    row.sale &&= sale;
    parts.set(key, row);
  }
}

const olderHeader = (order: Header) => ({ expression: '#o.#n < :n', names: { '#o': 'order', '#n': 'leadCount' }, values: { ':n': order.leadCount } });
const olderBalance = (balance: RowBalance) => ({ expression: 'attribute_not_exists(#b) OR #b.#v < :v', names: { '#b': 'balance', '#v': 'version' }, values: { ':v': balance.version } });

/** Sets `set` on the row if it exists and `older` holds; false when it does not (a row absent, or holding a newer part). */
async function setIfOlder(state: string, orderId: string, set: Partial<CandidateRow>, older: { expression: string; names: Record<string, string>; values: Record<string, unknown> }): Promise<boolean> {
  try {
    await CandidateRow.patch({ state, order: { orderId } }, { set }, { condition: older });
    return true;
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    return false;
  }
}

/** Rows written at once at a batch's end. */
const PARTS_AT_ONCE = 25;

/** Writes the batch's parts, each row once (both parts where both are newer, else each newer one alone), and notes their shards. */
async function writeParts(): Promise<void> {
  const rows = [...parts.values()];
  // A batch that fails here is delivered again, and its records give the rows their parts again.
  parts.clear();
  for (let i = 0; i < rows.length; i += PARTS_AT_ONCE)
    await Promise.all(
      rows.slice(i, i + PARTS_AT_ONCE).map(async ({ state, orderId, order, balance, sale }) => {
        const [header, money] = [order && olderHeader(order), balance && olderBalance(balance)];
        const both = header && money && { expression: `(${header.expression}) AND (${money.expression})`, names: { ...header.names, ...money.names }, values: { ...header.values, ...money.values } };
        if (!both || !(await setIfOlder(state, orderId, { order, balance }, both)))
          await Promise.all([header && setIfOlder(state, orderId, { order }, header), money && setIfOlder(state, orderId, { balance }, money)]);
        noteShards(orderId, [state], sale);
      }),
    );
}

/** A balance's change: the agent's rows take it as it now is (a newer version only), without reading the facts again. `sale`: it only went down (a debit), its credit line and stop as they were. */
async function refreshBalance(b: Balance, sale: boolean): Promise<void> {
  const balance = rowBalance(b);
  const orders = (await Order.query.ofAgent(b.agentId).all()).filter((o) => o.status === 1);
  for (const o of orders) setPart(o.orderId, o.targetStates, { balance }, sale);
}

/** Profile attributes a row holds (with the zip its place comes from). */
const RANKED = ['status', 'orderStatus', 'type', 'priority', 'timeZone', 'liveTransferStatus', 'thirdPartyLeadStatus', 'zip'] as const;
const changed = (record: ChangeRecord, keys: readonly string[]) => !record.oldImage || !record.newImage || keys.some((k) => canonical(record.oldImage![k]) !== canonical(record.newImage![k]));

/** The orders an agent owns, and those they receive a share of (a recipient's status is on the row). */
async function ordersOf(agentId: string): Promise<string[]> {
  const [owned, received] = await Promise.all([Order.query.ofAgent(agentId).all(), OrderRecipient.query.ordersReceivedBy(agentId).all()]);
  return [...new Set([...owned, ...received].map((o) => o.orderId))];
}

const states = (image: Item | undefined): string[] => (image?.targetStates as string[] | undefined) ?? [];

export const candidatesView: View = {
  name: 'candidates',
  sources: ['Order', 'OrderTarget', 'AgentProfile', 'Balance'],
  // The rows' parts first, then the versions of the shards they were written in.
  afterBatch: async () => {
    await writeParts();
    await written.afterBatch();
  },
  async apply(record) {
    const entity = entityOf(record);
    const image = (record.newImage ?? record.oldImage)!;
    if (entity === 'Order') {
      const [before, after] = [record.oldImage, record.newImage];
      // A sale (same revision and status, one more lead): the header's part of its rows, no read.
      if (before && after && before.revision === after.revision && before.status === after.status) {
        const order = Order.parse(after);
        return setPart(order.orderId, order.status === 1 ? order.targetStates : [], { order: rowOrder(order) }, true);
      }
      return refreshOrder(String(image.orderId), states(before));
    }
    if (entity === 'OrderTarget') return refreshOrder(String(image.orderId), [String(image.state)]);
    if (entity === 'AgentProfile' && changed(record, RANKED)) return void (await Promise.all((await ordersOf(String(image.agentId))).map((id) => refreshOrder(id))));
    if (entity === 'Balance' && record.newImage && changed(record, ['balanceCents', 'creditLineCents', 'version', 'leadsStopped'])) {
      const [before, after] = [record.oldImage, record.newImage];
      const debit = !!before && Number(after.balanceCents) <= Number(before.balanceCents) && !changed(record, ['creditLineCents', 'leadsStopped']);
      return refreshBalance(Balance.parse(after), debit);
    }
  },
};

/** Makes the rows of the orders named from their facts as stored now (the seed, before a projector has caught up on its stream; the fixture of tests without one). */
export async function projectCandidates(orderIds: readonly string[]): Promise<void> {
  for (let i = 0; i < orderIds.length; i += 25) await Promise.all(orderIds.slice(i, i + 25).map((id) => refreshOrder(id)));
  await written.afterBatch();
}
