// My Team's sort copies (docs/data-model.md #24h): every closure item (Downline: ancestor, descendant)
// carries the descendant's Last Login, Priority and Credit Line, so a team's page in those orders is
// one projected Query of the team and an in-memory sort, instead of a BatchGet of every member's
// profile or balance. The transaction that changes a value rewrites its copies on the agent's upline
// items (sign-in, Agent Information, a credit line change); moveAgent writes them with the closure
// items it creates, and the seed and the backfill write them in bulk. `copies` on an item says it
// carries them: a team with any item without it (written before, not backfilled yet) is sorted from
// the profiles and balances as before.
import { Downline } from '#entities/downline.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { batchGet, ConditionFailed, sleep, transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';

/** The mark of a closure item that carries the copies below (its value is the set's version). */
export const TEAM_COPIES = 1 as const;

/** The copied values of one agent, as its closure items carry them (no lastLoginAt: never signed in). */
export interface TeamCopies {
  lastLoginAt?: string;
  priority: number;
  creditLineCents: number;
}

/** The copies of an agent from its profile and balance item (an account not opened yet: no credit line). */
export function teamCopiesOf(profile: Pick<AgentProfile, 'lastLoginAt' | 'priority'>, balance: Pick<Balance, 'creditLineCents'> | undefined): TeamCopies {
  return { ...(profile.lastLoginAt === undefined ? {} : { lastLoginAt: profile.lastLoginAt }), priority: profile.priority, creditLineCents: balance?.creditLineCents ?? 0 };
}

/** The closure item's attributes for these copies, with the mark. */
export const copyAttributes = (c: TeamCopies): TeamCopies & { copies: typeof TEAM_COPIES } => ({ copies: TEAM_COPIES, ...c });

/**
 * The closure items above an agent (one per upline), read before the transaction that changes a
 * copied value. GSI reads are eventually consistent: an item the read still lists after a move
 * deleted it fails the patch's existence condition, and the writer reads again and retries.
 */
export function uplineItems(agentId: string): Promise<Downline[]> {
  return Downline.query.uplineOf(agentId).all();
}

/**
 * Upline items written inside the changing transaction; a hierarchy deeper than that (none exists:
 * the deepest is about ten) gets the rest right after it (copyPatchesAfter).
 */
export const UPLINES_IN_TRANSACTION = 80;

/** The transaction items setting `set` on the agent's upline closure items (the first UPLINES_IN_TRANSACTION). */
export function copyTx(agentId: string, uplines: readonly Downline[], set: Partial<TeamCopies>, orFail?: () => Error): TxItem[] {
  return uplines.slice(0, UPLINES_IN_TRANSACTION).map((d) => Downline.patchTx({ ancestorId: d.ancestorId, descendantId: agentId }, { set }, orFail ? { orFail } : {}));
}

/** The rest of copyTx's items, for a hierarchy deeper than one transaction takes, written one by one after it. */
export async function copyPatchesAfter(agentId: string, uplines: readonly Downline[], set: Partial<TeamCopies>): Promise<void> {
  for (const d of uplines.slice(UPLINES_IN_TRANSACTION)) await Downline.patch({ ancestorId: d.ancestorId, descendantId: agentId }, { set });
}

/** The current copies of many agents, read by consistent BatchGets of their profiles and balances (a move's members). */
export async function readTeamCopies(agentIds: readonly string[]): Promise<Map<string, TeamCopies>> {
  const keys = agentIds.flatMap((agentId) => [AgentProfile.key({ agentId }), Balance.key({ agentId })]);
  const chunks: (typeof keys)[] = [];
  for (let i = 0; i < keys.length; i += 100) chunks.push(keys.slice(i, i + 100));
  const items = (await Promise.all(chunks.map((chunk) => batchGet(chunk, { consistent: true, projection: ['agentId', 'entity', 'lastLoginAt', 'priority', 'creditLineCents'] })))).flat();
  const profiles = new Map<string, Pick<AgentProfile, 'lastLoginAt' | 'priority'>>();
  const balances = new Map<string, Pick<Balance, 'creditLineCents'>>();
  for (const item of items) {
    if (item.entity === 'AgentProfile') profiles.set(String(item.agentId), { priority: Number(item.priority), ...(typeof item.lastLoginAt === 'string' ? { lastLoginAt: item.lastLoginAt } : {}) });
    else if (item.entity === 'Balance') balances.set(String(item.agentId), { creditLineCents: Number(item.creditLineCents) });
  }
  const copies = new Map<string, TeamCopies>();
  for (const [agentId, profile] of profiles) copies.set(agentId, teamCopiesOf(profile, balances.get(agentId)));
  return copies;
}

/** Two agents' copies are the same values (a move compares what it wrote with what it reads after). */
export const sameCopies = (a: TeamCopies, b: TeamCopies): boolean => a.lastLoginAt === b.lastLoginAt && a.priority === b.priority && a.creditLineCents === b.creditLineCents;

/**
 * After a transaction that wrote copies to the uplines it had read: the uplines read again, and when a
 * move has given the agent new ones meanwhile (their items written after that read), every upline's
 * copies are rewritten from the values as they are now (rewriteCopies). With moveAgent's own check
 * after writing its items, a copy written during a move reaches the old or the new items either way.
 */
export async function afterCopyWrite(agentId: string, written: readonly Downline[]): Promise<void> {
  const had = new Set(written.map((d) => d.ancestorId));
  if ((await uplineItems(agentId)).some((d) => !had.has(d.ancestorId))) await rewriteCopies(agentId);
}

const REWRITE_ATTEMPTS = 8;

/**
 * One agent's copies written onto every upline item from its profile and balance as read, in one
 * transaction conditioned on both as read (a change in between fails it, and the agent is read again),
 * so a rewrite never puts back an older value than a writer that ran meanwhile. Answers the items written.
 * The backfill, and a move or a writer that may have missed an upline item, use it.
 */
export async function rewriteCopies(agentId: string): Promise<number> {
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
      if (!(err instanceof ConditionFailed || err instanceof TransactionConflict) || attempt === REWRITE_ATTEMPTS) throw err;
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}
