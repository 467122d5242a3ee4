// The candidate snapshot the lead engine decides on (decide.ts `CandidateRow`): every Active order that
// covers a state, with its target there, its owner's facets, the owner's balance and whether its split
// recipients are active. Read from the facts: the open-orders index of the state (one Query), then the
// headers, owners, balances and recipients (consistent BatchGets). A candidate whose sale found it
// changed is read again alone (`freshRow`).
import { zipIndex } from '#core/address/zip-lookup.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { Order } from '#entities/order.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import type { CandidateRow } from './decide.ts';

/** The recipients of an order with a share, other than its owner. */
const sharers = (order: Pick<Order, 'recipients' | 'agentId'>) => order.recipients.filter((r) => r.percentage > 0 && r.agentId !== order.agentId).map((r) => r.agentId);

/** The rows of these orders' targets in `state`, read now (consistent); an order, target or owner gone has no row. */
async function rowsOf(state: string, targets: readonly { orderId: string; agentId: string; target?: OrderTarget }[]): Promise<CandidateRow[]> {
  if (targets.length === 0) return [];
  const refs: Record<string, Ref<unknown>> = {};
  for (const t of targets) {
    refs[`o:${t.orderId}`] = Order.ref({ orderId: t.orderId });
    if (!t.target) refs[`t:${t.orderId}`] = OrderTarget.ref({ orderId: t.orderId, state });
    refs[`p:${t.agentId}`] = AgentProfile.ref({ agentId: t.agentId });
    refs[`b:${t.agentId}`] = Balance.ref({ agentId: t.agentId });
  }
  const [read, zips] = await Promise.all([getMany(refs, { consistent: true }) as Promise<Record<string, unknown>>, zipIndex()]);
  const others = [...new Set(targets.flatMap((t) => (read[`o:${t.orderId}`] ? sharers(read[`o:${t.orderId}`] as Order) : [])))];
  const recipients = others.length ? await getMany(Object.fromEntries(others.map((id) => [id, AgentProfile.ref({ agentId: id })])), { consistent: true }) : {};
  return targets.flatMap((t) => {
    const order = read[`o:${t.orderId}`] as Order | undefined;
    const target = t.target ?? (read[`t:${t.orderId}`] as OrderTarget | undefined);
    const owner = read[`p:${t.agentId}`] as AgentProfile | undefined;
    if (!order || !target || !owner) return [];
    const place = owner.zip ? zips.find(owner.zip) : undefined;
    const balance = read[`b:${t.agentId}`] as Balance | undefined;
    return [{ order, target, owner: { ...owner, ...(place ? { place } : {}) }, ...(balance ? { balance } : {}), recipientsActive: Object.fromEntries(sharers(order).map((id) => [id, recipients[id]?.status === 1])) }];
  });
}

/** The candidates of a state: the Active orders' targets there (the open-orders index), each with its order, owner and balance. */
export async function candidatesIn(state: string): Promise<CandidateRow[]> {
  const targets = await OrderTarget.query.openInState(state).all();
  return rowsOf(state, targets.map((target) => ({ orderId: target.orderId, agentId: target.agentId, target })));
}

/** One candidate read again now, target included (a sale found it changed). */
export async function freshRow(orderId: string, agentId: string, state: string): Promise<CandidateRow | undefined> {
  return (await rowsOf(state, [{ orderId, agentId }]))[0];
}
