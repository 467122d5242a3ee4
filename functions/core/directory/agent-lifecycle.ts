// An agent's status (Active / Termed) and place in the hierarchy (spec part 3 §3 Agent, §4 Account
// statuses; part 2 §4 "reassigned"). No screen of the spec changes them; the agent systems feed them,
// and these are the functions that feed calls (tests and the seed use them too). Each change rewrites
// what depends on it: the profile, the closure rows (My Team and distribution read status and names
// from them), and then the attention flags of the orders the agent owns or receives from
// (orders/attention.ts). Every step is idempotent, so a call that failed half-way is finished by
// making it again.
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance, leadsStoppedPatch } from '#entities/balance.ts';
import { Downline } from '#entities/downline.ts';
import { batchDelete, batchPut, transactWrite } from '#platform/db.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { ordersTouchingAgents, refreshAttention } from '../orders/attention.ts';

const notFound = () => new NotFound('Agent not found.');
/** Upline rows written in the status change's transaction: 100 items less the profile. */
const UPLINES_IN_TRANSACTION = 99;

/** Terminate (0) or reactivate (1) an agent; answers how many orders' flags changed. */
export async function setAgentStatus(agentId: string, status: 0 | 1, now = new Date()): Promise<{ ordersFlagged: number }> {
  const profile = await AgentProfile.get({ agentId }, { consistent: true });
  if (!profile) throw notFound();
  if (profile.status !== status) {
    const uplines = await Downline.query.uplineOf(agentId).all();
    await transactWrite([
      AgentProfile.patchTx(
        { agentId },
        status === 0 ? { set: { status, terminationDate: now.toISOString() } } : { set: { status }, remove: ['terminationDate'] },
        // The order status as read decides, with the new status, the balance's `leadsStopped`.
        { current: profile, condition: { expression: 'orderStatus = :orderStatus', values: { ':orderStatus': profile.orderStatus } } },
      ),
      Balance.patchTx({ agentId }, leadsStoppedPatch({ status, orderStatus: profile.orderStatus })),
      ...uplines.slice(0, UPLINES_IN_TRANSACTION).map((d) => Downline.patchTx({ ancestorId: d.ancestorId, descendantId: agentId }, { set: { status } }, { current: d })),
    ]);
    // A hierarchy deeper than that (none exists) gets its remaining rows outside the transaction.
    for (const d of uplines.slice(UPLINES_IN_TRANSACTION)) await Downline.patch({ ancestorId: d.ancestorId, descendantId: agentId }, { set: { status } }, { current: d });
  }
  return { ordersFlagged: await refreshAttention(await ordersTouchingAgents(agentId, [agentId]), now) };
}

/**
 * Move an agent (with everyone below them) under another parent, or to the top (`undefined`). The
 * closure rows of the moved subtree are rewritten: every (old upline, member) row goes, every (new
 * upline, member) row comes, at the depths of the new place.
 */
export async function moveAgent(agentId: string, newParentId: string | undefined, now = new Date()): Promise<{ ordersFlagged: number }> {
  const [profile, subtree, oldUplines, parentProfile, newUplines] = await Promise.all([
    AgentProfile.get({ agentId }, { consistent: true }),
    Downline.query.ofAncestor(agentId).all({ consistent: true }),
    Downline.query.uplineOf(agentId).all(),
    newParentId ? AgentProfile.get({ agentId: newParentId }, { consistent: true }) : undefined,
    newParentId ? Downline.query.uplineOf(newParentId).all() : [],
  ]);
  if (!profile || (newParentId && !parentProfile)) throw notFound();
  if (newParentId === agentId || subtree.some((d) => d.descendantId === newParentId)) throw new ValidationFailed('An agent cannot be moved below themselves.');

  const members = [
    { descendantId: agentId, depth: 0, firstName: profile.firstName, lastName: profile.lastName, status: profile.status, type: profile.type },
    ...subtree.map((d) => ({ descendantId: d.descendantId, depth: d.depth, firstName: d.firstName, lastName: d.lastName, status: d.status, type: d.type })),
  ];
  // The new ancestors of the moved agent with their distance: the parent (1) and its uplines (+1).
  const ancestors = newParentId ? [{ ancestorId: newParentId, depth: 1 }, ...newUplines.map((u) => ({ ancestorId: u.ancestorId, depth: u.depth + 1 }))] : [];
  const newKeys = new Set(ancestors.flatMap((a) => members.map((m) => `${a.ancestorId}|${m.descendantId}`)));
  const stale = oldUplines.flatMap((u) => members.filter((m) => !newKeys.has(`${u.ancestorId}|${m.descendantId}`)).map((m) => Downline.key({ ancestorId: u.ancestorId, descendantId: m.descendantId })));
  await batchDelete(stale);
  await batchPut(
    ancestors.flatMap((a) =>
      members.map((m) =>
        Downline.toItem({ ancestorId: a.ancestorId, descendantId: m.descendantId, depth: a.depth + m.depth, firstName: m.firstName, lastName: m.lastName, status: m.status, type: m.type }),
      ),
    ),
  );
  if ((profile.parentAgentId ?? undefined) !== newParentId)
    await AgentProfile.patch(
      { agentId },
      newParentId ? { set: { parentAgentId: newParentId, role: 'subagent' } } : { set: { role: 'agent' }, remove: ['parentAgentId'] },
      { current: profile },
    );
  return { ordersFlagged: await refreshAttention(await ordersTouchingAgents(agentId, members.map((m) => m.descendantId)), now) };
}
