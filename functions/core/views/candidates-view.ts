// The lead engine's candidate snapshot (entities/candidate-row.ts) from the facts it judges: an order's
// header or target record, and an agent's profile or balance record, make the rows they touch again
// from the facts as they are now (core/leads/snapshot.ts `rowsFromFacts`, consistent reads): a row per
// state of an Active order whose target there is active, deleted otherwise. A row is written only when
// it differs from the stored one (a sale's header and balance records make the same row: one write).
// Made from the facts, not from the record, a row is the same whichever records come first or twice.
import { CandidateRow } from '#entities/candidate-row.ts';
import { Order } from '#entities/order.ts';
import { OrderRecipient } from '#entities/order-recipient.ts';
import { getMany } from '#platform/entity.ts';
import { entityOf, type ChangeRecord, type Item } from '#platform/stream.ts';
import { rowsFromFacts } from '#core/leads/snapshot.ts';
import type { View } from './projector.ts';

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
}

/** Profile attributes a row holds (with the zip its place comes from). */
const RANKED = ['status', 'orderStatus', 'type', 'priority', 'timeZone', 'liveTransferStatus', 'thirdPartyLeadStatus', 'zip'] as const;
const changed = (record: ChangeRecord, keys: readonly string[]) => !record.oldImage || !record.newImage || keys.some((k) => canonical(record.oldImage![k]) !== canonical(record.newImage![k]));

/** The orders an agent owns, and those they receive a share of (a recipient's status is on the row). */
async function ordersOf(agentId: string, asRecipient: boolean): Promise<string[]> {
  const [owned, received] = await Promise.all([Order.query.ofAgent(agentId).all(), asRecipient ? OrderRecipient.query.ordersReceivedBy(agentId).all() : []]);
  return [...new Set([...owned, ...received].map((o) => o.orderId))];
}

const states = (image: Item | undefined): string[] => (image?.targetStates as string[] | undefined) ?? [];

export const candidatesView: View = {
  name: 'candidates',
  sources: ['Order', 'OrderTarget', 'AgentProfile', 'Balance'],
  async apply(record) {
    const entity = entityOf(record);
    const image = (record.newImage ?? record.oldImage)!;
    if (entity === 'Order') return refreshOrder(String(image.orderId), states(record.oldImage));
    if (entity === 'OrderTarget') return refreshOrder(String(image.orderId), [String(image.state)]);
    if (entity === 'AgentProfile' && changed(record, RANKED)) return void (await Promise.all((await ordersOf(String(image.agentId), true)).map((id) => refreshOrder(id))));
    if (entity === 'Balance' && changed(record, ['balanceCents', 'creditLineCents', 'version', 'leadsStopped'])) return void (await Promise.all((await ordersOf(String(image.agentId), false)).map((id) => refreshOrder(id))));
  },
};

/** Makes the rows of the orders named from their facts as stored now (the seed, before a projector has caught up on its stream; the fixture of tests without one). */
export async function projectCandidates(orderIds: readonly string[]): Promise<void> {
  for (let i = 0; i < orderIds.length; i += 25) await Promise.all(orderIds.slice(i, i + 25).map((id) => refreshOrder(id)));
}
