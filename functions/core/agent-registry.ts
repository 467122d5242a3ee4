// Creating an agent and counting the directory: the profile, its opened account and the directory's
// agent count (COUNTER#AGENTS, the TotalCount of an unfiltered staff list) are written in one
// transaction, so the count never disagrees with the profiles the sorted indexes hold
// (docs/data-model.md #24). The bulk demo seed writes the profiles and then sets the count once.
import { Counter } from '#entities/counter.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { transactWrite } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';

export const AGENT_EXISTS = 'Agent account already exists.';

/** A new agent: profile + balance item (0, with the credit line given) + the count, all or nothing. */
export async function registerAgent(profile: AgentProfile, opts: { creditLineCents?: number; at?: string } = {}): Promise<void> {
  await transactWrite([
    AgentProfile.createTx(profile, { orFail: () => new Conflict(AGENT_EXISTS) }),
    Balance.createTx(
      { agentId: profile.agentId, balanceCents: 0, creditLineCents: opts.creditLineCents ?? 0, version: 0, updatedAt: opts.at ?? new Date().toISOString() },
      { orFail: () => new Conflict(AGENT_EXISTS) },
    ),
    Counter.patchTx({ name: 'AGENTS' }, { add: { value: 1 } }, { upsert: true }),
  ]);
}

/** How many agents the directory holds, or undefined when the count was never written (a table seeded before it). */
export async function agentCount(): Promise<number | undefined> {
  return (await Counter.get({ name: 'AGENTS' }))?.value;
}
