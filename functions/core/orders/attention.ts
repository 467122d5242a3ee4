// Which orders need attention (spec part 2 §2 card warnings, §4; part 3 §4): the order's agent or a
// recipient with a share is terminated (Terminated); the agent's parent changed since the order was
// saved, or a recipient with a share is no longer in the agent's downline (Reassigned); an Active fund
// order's funds are not all receiving leads (FundsInactive). The flags are recomputed from the current
// agents, hierarchy and funds whenever one of those changes (agent-lifecycle.ts, funds/fund-admin.ts),
// so the attention indexes are right when a list is read. Recomputing is idempotent: a change that
// failed half-way is finished by calling it again.
import { AgentProfile } from '#entities/agent-profile.ts';
import { Downline } from '#entities/downline.ts';
import { Order } from '#entities/order.ts';
import { OrderRecipient } from '#entities/order-recipient.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { ConditionFailed } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import { US_STATES } from '#shared/lookups.ts';
import { ATTENTION_REASONS, ORDER_STATUS, type AttentionReason } from '#shared/orders/order.ts';
import { fundsUnavailable, readOrderCatalogue, type OrderCatalogue } from './catalogue.ts';

const CONCURRENCY = 8;
const ATTEMPTS = 5;

/** What the flags of this order should be now. */
export async function attentionOf(order: Order, catalogue: Pick<OrderCatalogue, 'funds'>, now: Date): Promise<AttentionReason[]> {
  const others = [...new Set(order.recipients.filter((r) => r.percentage > 0 && r.agentId !== order.agentId).map((r) => r.agentId))];
  const refs: Record<string, ReturnType<typeof AgentProfile.ref> | ReturnType<typeof Downline.ref>> = { owner: AgentProfile.ref({ agentId: order.agentId }) };
  for (const id of others) {
    refs[`p:${id}`] = AgentProfile.ref({ agentId: id });
    refs[`d:${id}`] = Downline.ref({ ancestorId: order.agentId, descendantId: id });
  }
  const found = await getMany(refs, { consistent: true });
  const owner = found.owner as AgentProfile | undefined;
  const reasons = new Set<AttentionReason>();
  if (!owner || owner.status === 0 || others.some((id) => (found[`p:${id}`] as AgentProfile | undefined)?.status !== 1)) reasons.add('Terminated');
  if ((owner?.parentAgentId ?? '') !== (order.ownerParentId ?? '') || others.some((id) => !found[`d:${id}`])) reasons.add('Reassigned');
  if (order.isFundOrder && order.status === ORDER_STATUS.Active && fundsUnavailable(order.selectedFundIds, { ...emptyCatalogue, ...catalogue }, now)) reasons.add('FundsInactive');
  return ATTENTION_REASONS.filter((r) => reasons.has(r));
}

const emptyCatalogue: OrderCatalogue = { funds: new Map(), campaigns: new Map(), vendors: new Map(), pairs: new Set() };

/**
 * Recompute and store the flags of these orders; answers how many changed. Each write is conditioned
 * on the revision read (a save in between is re-read and judged again) and does not bump it, so an
 * agent's open wizard does not become stale because an agent or fund changed.
 */
export async function refreshAttention(orderIds: Iterable<string>, now = new Date()): Promise<number> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return 0;
  const catalogue = await readOrderCatalogue({ funds: true });
  let changed = 0;
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const orderId = ids[next++]!;
      if (await refreshOne(orderId, catalogue, now)) changed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  return changed;
}

async function refreshOne(orderId: string, catalogue: OrderCatalogue, now: Date): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const order = await Order.get({ orderId }, { consistent: true });
    if (!order) return false;
    const attention = await attentionOf(order, catalogue, now);
    if (attention.join() === order.attention.join()) return false;
    try {
      await Order.patch(
        { orderId },
        { set: { attention } },
        { current: order, condition: { expression: '#rev = :rev', names: { '#rev': 'revision' }, values: { ':rev': order.revision } } },
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionFailed) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The orders an agent's termination or move can flag: the agent's own and those sharing with the given agents. */
export async function ordersTouchingAgents(ownerId: string, recipients: readonly string[]): Promise<string[]> {
  const [owned, ...received] = await Promise.all([
    Order.query.ofAgent(ownerId).all(),
    ...recipients.map((agentId) => OrderRecipient.query.ordersReceivedBy(agentId).all()),
  ]);
  return [...new Set([...owned!.map((o) => (o as Order).orderId), ...received.flat().map((r) => (r as OrderRecipient).orderId)])];
}

/** The Active orders buying from a fund: its routing targets in the open-orders index, one Query per state, side by side. */
export async function activeOrdersOfFund(fundId: string): Promise<string[]> {
  const filter = { expression: 'contains(#fundIds, :fundId)', names: { '#fundIds': 'fundIds' }, values: { ':fundId': fundId } };
  const perState = await Promise.all(US_STATES.map((s) => OrderTarget.query.openInState(s.StateAbbreviation).all({ filter })));
  return [...new Set(perState.flat().map((t) => t.orderId))];
}

/** A fund was switched on or off or its dates changed: its Active orders' FundsInactive flag follows. */
export async function fundChanged(fundId: string, now = new Date()): Promise<number> {
  return refreshAttention(await activeOrdersOfFund(fundId), now);
}
