// The agent's account (spec part 1 §3 Account): profile and balance read together from the agent's
// partition in one BatchGet. The API's PascalCase shape is built in the area folders (functions/account/account-dto.ts).
import { readAgentAccount } from '#entities/agent-account.ts';
import type { AgentProfile as AgentProfileItem } from '#entities/agent-profile.ts';

/** An agent's profile with its lead balance and credit line, in cents. */
export interface AgentAccount {
  profile: AgentProfileItem;
  balanceCents: number;
  creditLineCents: number;
}

export async function loadAccount(agentId: string): Promise<AgentAccount | undefined> {
  const { profile, balance } = await readAgentAccount(agentId);
  if (!profile) return undefined;
  return { profile, balanceCents: balance?.balanceCents ?? 0, creditLineCents: balance?.creditLineCents ?? 0 };
}
