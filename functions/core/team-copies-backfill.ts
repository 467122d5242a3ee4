// Gives the closure items written before My Team's sort copies (docs/data-model.md #24h) their copies
// and mark: for every agent with an upline, its Last Login, Priority and Credit Line onto each upline's
// closure item, in one transaction conditioned on the profile and balance as read (a sign-in or change
// in between fails it, and the agent is read again), so no copy is older than its value. Idempotent:
// run again, it rewrites the same values. Run by `npx tsx functions/core/backfill-team-copies.ts`.
import { readWholeDirectory } from '#core/agent-directory.ts';
import { copyAttributes, teamCopiesOf, uplineItems, UPLINES_IN_TRANSACTION } from '#core/team-copies.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { Downline } from '#entities/downline.ts';
import { ConditionFailed, sleep, transactWrite, TransactionConflict } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';

const ATTEMPTS = 8;
const AT_ONCE = 8;

/** Backfills every agent's copies; answers how many agents and closure items it wrote. */
export async function backfillTeamCopies(opts: { onProgress?: (p: { agents: number; items: number }) => void } = {}): Promise<{ agents: number; items: number }> {
  const below = (await readWholeDirectory()).filter((p) => p.parentAgentId !== undefined).map((p) => p.agentId);
  const done = { agents: 0, items: 0 };
  let next = 0;
  const worker = async () => {
    while (next < below.length) {
      done.items += await backfillAgent(below[next++]!);
      done.agents++;
      opts.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return done;
}

/** One agent's copies onto its upline items, under the profile and balance as read; answers the items written. */
export async function backfillAgent(agentId: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const [{ profile, balance }, uplines] = await Promise.all([getMany({ profile: AgentProfile.ref({ agentId }), balance: Balance.ref({ agentId }) }, { consistent: true }), uplineItems(agentId)]);
    if (!profile || uplines.length === 0) return 0;
    const copies = teamCopiesOf(profile, balance);
    const patch = { set: copyAttributes(copies), ...(copies.lastLoginAt === undefined ? { remove: ['lastLoginAt' as const] } : {}) };
    const stamped = profile.lastLoginAt === undefined ? 'attribute_not_exists(lastLoginAt)' : 'lastLoginAt = :login';
    try {
      await transactWrite([
        AgentProfile.checkTx({ agentId }, { expression: `${stamped} AND priority = :priority`, values: { ':priority': profile.priority, ...(profile.lastLoginAt === undefined ? {} : { ':login': profile.lastLoginAt }) } }),
        balance
          ? Balance.checkTx({ agentId }, { expression: 'version = :version', values: { ':version': balance.version } })
          : Balance.checkTx({ agentId }, { expression: 'attribute_not_exists(pk)' }),
        ...uplines.slice(0, UPLINES_IN_TRANSACTION).map((d) => Downline.patchTx({ ancestorId: d.ancestorId, descendantId: agentId }, patch)),
      ]);
      for (const d of uplines.slice(UPLINES_IN_TRANSACTION)) await Downline.patch({ ancestorId: d.ancestorId, descendantId: agentId }, patch);
      return uplines.length;
    } catch (err) {
      if (!(err instanceof ConditionFailed || err instanceof TransactionConflict) || attempt === ATTEMPTS) throw err;
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}
