// Creating an agent and stamping its sign-ins: the profile and its opened account in one transaction.
// The directory that lists them (its rows, sorts and counts) is derived from these items by the
// projector (views/directory-view.ts); nothing here writes it.
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance, stopsLeads } from '#entities/balance.ts';
import { ConditionFailed, transactWrite } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';

export const AGENT_EXISTS = 'Agent account already exists.';

/** A new agent: profile + balance item (0, with the credit line given), all or nothing. */
export async function registerAgent(profile: AgentProfile, opts: { creditLineCents?: number; at?: string } = {}): Promise<void> {
  await transactWrite([
    AgentProfile.createTx(profile, { orFail: () => new Conflict(AGENT_EXISTS) }),
    Balance.createTx(
      // The names go onto every ledger entry of the account (the Transaction History's name orders).
      { agentId: profile.agentId, balanceCents: 0, creditLineCents: opts.creditLineCents ?? 0, version: 0, updatedAt: opts.at ?? new Date().toISOString(), firstName: profile.firstName, lastName: profile.lastName, ...(stopsLeads(profile) ? { leadsStopped: true as const } : {}) },
      { orFail: () => new Conflict(AGENT_EXISTS) },
    ),
  ]);
}

/** Stamp an agent's Last Login. A profile that is gone is not stamped; signing in never fails for it. */
export async function stampLastLogin(agentId: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  try {
    await AgentProfile.patch({ agentId }, { set: { lastLoginAt: at } });
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}
