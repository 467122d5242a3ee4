// The agent's account (spec part 1 §3 Account): profile and balance read together from the agent's
// partition. The API's PascalCase shape is built in the area folders (functions/account/account-dto.ts).
import { AgentProfile, type AgentProfile as AgentProfileItem } from '#platform/entities.ts';
import { agentKeys } from '#platform/keys.ts';
import { getBalance } from './ledger.ts';

/** An agent's profile with its lead balance and credit line, in cents. */
export interface AgentAccount {
  profile: AgentProfileItem;
  balanceCents: number;
  creditLineCents: number;
}

export async function loadAccount(agentId: string): Promise<AgentAccount | undefined> {
  const [profile, balance] = await Promise.all([AgentProfile.get(agentKeys.profileById(agentId)), getBalance(agentId)]);
  if (!profile) return undefined;
  return { profile, balanceCents: balance?.balanceCents ?? 0, creditLineCents: balance?.creditLineCents ?? 0 };
}
