// The agent's account (spec part 1 §3 Account): profile and balance read together from the agent's
// partition in one BatchGet. The API's PascalCase shape, which GET /me and GET /agent/{id} both answer, is built in account-dto.ts.
import { readAgentAccount } from '#entities/agent-account.ts';
import { AgentProfile, type AgentProfile as AgentProfileItem } from '#entities/agent-profile.ts';
import { batchGet } from '#platform/db.ts';
import { lastLeadOf } from '#core/views/directory-view.ts';

/** An agent's profile with its lead balance and credit line, in cents. */
export interface AgentAccount {
  profile: AgentProfileItem;
  balanceCents: number;
  creditLineCents: number;
}

export async function loadAccount(agentId: string): Promise<AgentAccount | undefined> {
  const [{ profile, balance }, lastLeadAt] = await Promise.all([readAgentAccount(agentId), lastLeadOf(agentId)]);
  if (!profile) return undefined;
  // Last Lead is the directory's (the latest sale's time, from the sales' records); a profile may carry an older one.
  const latest = [profile.lastLeadAt, lastLeadAt].filter((t): t is string => t !== undefined).sort().at(-1);
  return { profile: { ...profile, ...(latest ? { lastLeadAt: latest } : {}) }, balanceCents: balance?.balanceCents ?? 0, creditLineCents: balance?.creditLineCents ?? 0 };
}

/** Keys per BatchGetItem (DynamoDB's limit), and BatchGets in flight at once. */
const BATCH_KEYS = 100;
const BATCHES_AT_ONCE = 8;

/** The agents among `agentIds` that exist (have a profile): BatchGets of 100 keys, a few at a time. */
export async function existingAgents(agentIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(agentIds)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_KEYS) chunks.push(unique.slice(i, i + BATCH_KEYS));
  const found = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      for (const item of await batchGet(chunk.map((agentId) => AgentProfile.key({ agentId })))) found.add(String(item.agentId));
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_AT_ONCE, chunks.length) }, worker));
  return found;
}
