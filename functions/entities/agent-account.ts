// Collections of the agent partition AGENT#{agentId}: the items screens read together, fetched in
// one round trip (BatchGetItem) rather than one GetItem each. A Query of the partition would also
// read the agent's ledger, so the fixed-key members are read by key.
import { getMany } from '#platform/entity.ts';
import { AgentProfile } from './agent-profile.ts';
import { Balance } from './balance.ts';

/** An agent's profile and balance (account screens, the agent list's one-agent view). */
export function readAgentAccount(agentId: string, opts: { consistent?: boolean } = {}) {
  return getMany({ profile: AgentProfile.ref({ agentId }), balance: Balance.ref({ agentId }) }, opts);
}
