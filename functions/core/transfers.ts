// Lead-money transfers an agent makes (spec part 1 §4, §5): to another active agent, and to the
// point-and-click (click-to-call) programme. Each is one ledger transaction; a caller-supplied
// idempotency key makes a retried request return the first result instead of moving money again.
import { randomUUID } from 'node:crypto';
import { findIdempotent, type Expr } from '#platform/db.ts';
import { AgentProfile, type AgentProfile as AgentProfileItem } from '#platform/entities.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { agentKeys, type KeyQuery } from '#platform/keys.ts';
import { RECIPIENTS_PAGE_SIZE } from '#shared/api/account.ts';
import { readWholeDirectory } from './agent-directory.ts';
import { ACCOUNT_NOT_FOUND, postEntry, SELF_TRANSFER, transfer } from './ledger.ts';
import { matchRank, termWords, type MatchRank } from './name-match.ts';
import { logger } from '#platform/logger.ts';

export const RECEIVER_NOT_FOUND = 'Receiving agent was not found.';
export const RECEIVER_INACTIVE = 'Receiving agent is not active.';
export const SENDER_INACTIVE = 'This account is inactive; its lead money cannot be transferred.';
export const POINT_AND_CLICK_DESCRIPTION = 'Transfer to point-and-click';

/** What a transfer did: the sender's new balance and the ledger entries written; money in cents. */
export interface TransferReceipt {
  agentId: string;
  receiverId?: string;
  amountCents: number;
  /** Only the sender's balance: the receiver's is not the sender's business. */
  balanceCents: number;
  at: string;
  entryIds: string[];
}

export interface AgentTransferInput {
  fromAgentId: string;
  toAgentId: string;
  amountCents: number;
  /** The client's Idempotency-Key; without one every call is a new transfer. */
  clientKey?: string;
}

/** Moves money from one agent's lead balance to another active agent's, in one transaction. */
export async function transferToAgent(input: AgentTransferInput): Promise<TransferReceipt> {
  const idempotencyKey = ledgerKey('agentTransfer', input.fromAgentId, input.clientKey);
  // A retry must get the first answer even if the receiver has changed since, so a known key skips
  // the receiver checks; the ledger then hands back the stored result.
  const retried = input.clientKey !== undefined && (await findIdempotent(idempotencyKey)) !== undefined;
  const description = retried ? '' : await transferDescription(input.fromAgentId, input.toAgentId);
  const result = await transfer({
    fromAgentId: input.fromAgentId,
    toAgentId: input.toAgentId,
    amountCents: input.amountCents,
    type: 'FundsTransfer',
    description,
    idempotencyKey,
  });
  return {
    agentId: result.from.agentId,
    receiverId: result.to.agentId,
    amountCents: input.amountCents,
    balanceCents: result.from.balanceCents,
    at: result.from.at,
    entryIds: [result.from.entryId, result.to.entryId],
  };
}

export interface PointAndClickInput {
  agentId: string;
  amountCents: number;
  clientKey?: string;
}

/**
 * Moves money out of the lead balance into the agent's point-and-click budget: a
 * PointAndClickTransfer debit on the lead ledger. The budget itself lives with the point-and-click
 * provider, which the spec does not show; the ledger entry is the record it is funded from.
 */
export async function transferToPointAndClick(input: PointAndClickInput): Promise<TransferReceipt> {
  const idempotencyKey = ledgerKey('pointAndClick', input.agentId, input.clientKey);
  const retried = input.clientKey !== undefined && (await findIdempotent(idempotencyKey)) !== undefined;
  if (!retried) assertActiveSender(await AgentProfile.get(agentKeys.profileById(input.agentId)));
  const result = await postEntry({
    agentId: input.agentId,
    deltaCents: -input.amountCents,
    type: 'PointAndClickTransfer',
    description: POINT_AND_CLICK_DESCRIPTION,
    idempotencyKey,
  });
  return {
    agentId: result.agentId,
    amountCents: input.amountCents,
    balanceCents: result.balanceCents,
    at: result.at,
    entryIds: [result.entryId],
  };
}

/**
 * Client keys are scoped by operation and sender, so one agent's key can never collide with, or
 * reveal, another's; without a client key each call gets a fresh one.
 */
function ledgerKey(operation: string, agentId: string, clientKey: string | undefined): string {
  return `${operation}:${agentId}:${clientKey ?? randomUUID()}`;
}

/** Money leaves only an existing, active (not terminated) account. */
function assertActiveSender(sender: AgentProfileItem | undefined): asserts sender is AgentProfileItem {
  if (!sender) throw new NotFound(ACCOUNT_NOT_FOUND);
  if (sender.status !== 1) throw new ValidationFailed(SENDER_INACTIVE);
}

/** Checks both sides (an active sender; another, existing, active receiver) and names them for both ledger rows. */
async function transferDescription(fromAgentId: string, toAgentId: string): Promise<string> {
  if (fromAgentId === toAgentId) throw new ValidationFailed(SELF_TRANSFER);
  const [sender, receiver] = await Promise.all([
    AgentProfile.get(agentKeys.profileById(fromAgentId)),
    AgentProfile.get(agentKeys.profileById(toAgentId)),
  ]);
  assertActiveSender(sender);
  if (!receiver) throw new ValidationFailed(RECEIVER_NOT_FOUND);
  if (receiver.status !== 1) throw new ValidationFailed(RECEIVER_INACTIVE);
  const name = (p: { firstName: string; lastName: string; agentId: string }) => `${p.firstName} ${p.lastName} (${p.agentId})`;
  return `Transfer from ${name(sender)} to ${name(receiver)}`;
}

// ---------------------------------------------------------------------------------------------
// The transfer dialog's agent search (GET accounts)

/** One agent the caller may send money to. */
export interface TransferRecipient {
  agentId: string;
  firstName: string;
  lastName: string;
}

/** Matches answered per search; a longer search term narrows them. */
export const SEARCH_RESULTS = 50;
/**
 * What one searched prefix may read at most: DynamoDB filters after reading, so a common last name
 * with a first-name filter needs more than 50 items read, and a broad term must not read everything.
 */
const SEARCH_READ_PAGE = 200;
const SEARCH_PAGES = 5;

/** Active agents other than the caller: applied by DynamoDB while it reads the directory. */
function recipientFilter(callerAgentId: string | undefined): Expr {
  return callerAgentId
    ? { expression: '#st = :active AND #aid <> :self', names: { '#st': 'status', '#aid': 'agentId' }, values: { ':active': 1, ':self': callerAgentId } }
    : { expression: '#st = :active', names: { '#st': 'status' }, values: { ':active': 1 } };
}

const recipientOf = (p: Pick<AgentProfileItem, 'agentId' | 'firstName' | 'lastName'>): TransferRecipient => ({
  agentId: p.agentId,
  firstName: p.firstName,
  lastName: p.lastName,
});

/** A page of the whole directory by last name, for callers that list rather than search. */
export async function listRecipients(q: { callerAgentId?: string; limit?: number; cursor?: string }): Promise<{ agents: TransferRecipient[]; cursor?: string }> {
  const page = await AgentProfile.queryPage(agentKeys.directoryByName(), {
    limit: q.limit ?? RECIPIENTS_PAGE_SIZE,
    cursor: q.cursor,
    filter: recipientFilter(q.callerAgentId),
  });
  return { agents: page.items.map(recipientOf), ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/**
 * Agents matching a typed term (spec part 1 §5, "fuzzy or case-insensitive"), best first: every word
 * an exact case-insensitive prefix (of first name, last name or agent id; two words as "first last"
 * or "last first") before matches within one typing slip (name-match.ts). Two sources, read side by
 * side and merged: the key-condition Queries of the directory indexes (last-name and agent-id
 * prefixes, always current), and an in-memory pass over the directory's names (first names and
 * slips, which no key condition can express), held for NAME_DIRECTORY_TTL_MS. Both read by Query,
 * never a Scan; the bounds and costs are in docs/data-model.md (#14).
 */
export async function searchRecipients(q: { callerAgentId?: string; term: string }): Promise<TransferRecipient[]> {
  const words = termWords(q.term);
  const [live, directory] = await Promise.all([prefixMatches(q.callerAgentId, words), nameDirectory()]);
  const ranked = new Map<string, { agent: TransferRecipient; rank: MatchRank }>();
  const offer = (agent: TransferRecipient, rank: MatchRank) => {
    const known = ranked.get(agent.agentId);
    if (!known || rank < known.rank) ranked.set(agent.agentId, { agent, rank });
  };
  for (const p of live) offer(recipientOf(p), 0);
  for (const entry of directory) {
    if (entry.status !== 1 || entry.agentId === q.callerAgentId) continue;
    const rank = matchRank(entry, words);
    if (rank !== undefined) offer(recipientOf(entry), rank);
  }
  return [...ranked.values()]
    .sort((a, b) => a.rank - b.rank || byName(a.agent, b.agent))
    .slice(0, SEARCH_RESULTS)
    .map(({ agent }) => agent);
}

const byName = (a: TransferRecipient, b: TransferRecipient) =>
  a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.agentId.localeCompare(b.agentId);

/** By last-name prefix and agent-id prefix (one word), or "first last" / "last first" prefixes (two words). */
async function prefixMatches(callerAgentId: string | undefined, words: string[]): Promise<AgentProfileItem[]> {
  const active = recipientFilter(callerAgentId);
  const [first, second] = words;
  const lookups: [KeyQuery, Expr][] =
    first !== undefined && second !== undefined
      ? [
          [agentKeys.directoryByName(second), both(active, firstNameStarts(first))],
          [agentKeys.directoryByName(first), both(active, firstNameStarts(second))],
        ]
      : first !== undefined
        ? [
            [agentKeys.directoryByName(first), active],
            [agentKeys.directoryById(first.toUpperCase()), active],
          ]
        : [];
  return (await Promise.all(lookups.map(([query, filter]) => firstMatches(query, filter)))).flat();
}

// ---------------------------------------------------------------------------------------------
// The directory's names in memory, for first names and typing slips

/** How long a read of the directory's names serves searches before the next search reads it again. */
export const NAME_DIRECTORY_TTL_MS = 60_000;
/**
 * The most names the in-memory pass looks at: about 5 MB of heap and a few milliseconds per search.
 * A larger directory is cut here (logged), and its later names are found by the prefix Queries only.
 */
export const NAME_DIRECTORY_MAX = 100_000;

interface DirectoryName {
  agentId: string;
  firstName: string;
  lastName: string;
  status: number;
}

let names: { readAt: number; entries: DirectoryName[] } | undefined;
let reading: Promise<DirectoryName[]> | undefined;

/** The names, read again once older than NAME_DIRECTORY_TTL_MS; concurrent searches share one read. */
async function nameDirectory(): Promise<DirectoryName[]> {
  if (names && Date.now() - names.readAt < NAME_DIRECTORY_TTL_MS) return names.entries;
  reading ??= readWholeDirectory()
    .then((profiles) => {
      if (profiles.length > NAME_DIRECTORY_MAX) logger.warn('Agent directory larger than the search holds in memory', { agents: profiles.length, held: NAME_DIRECTORY_MAX });
      const entries = profiles.slice(0, NAME_DIRECTORY_MAX).map(({ agentId, firstName, lastName, status }) => ({ agentId, firstName, lastName, status }));
      names = { readAt: Date.now(), entries };
      return entries;
    })
    .finally(() => {
      reading = undefined;
    });
  return reading;
}

/**
 * First names are stored as written, and DynamoDB compares case-sensitively, so the prefix is tried
 * as typed, capitalised, lower-case and upper-case. (The directory key lower-cases last names only.)
 */
function firstNameStarts(prefix: string): Expr {
  const lower = prefix.toLowerCase();
  const variants = [...new Set([prefix, lower.charAt(0).toUpperCase() + lower.slice(1), lower, prefix.toUpperCase()])];
  const values = Object.fromEntries(variants.map((v, i) => [`:fn${i}`, v]));
  return {
    expression: `(${variants.map((_v, i) => `begins_with(#fn, :fn${i})`).join(' OR ')})`,
    names: { '#fn': 'firstName' },
    values,
  };
}

const both = (a: Expr, b: Expr): Expr => ({
  expression: `(${a.expression}) AND ${b.expression}`,
  names: { ...a.names, ...b.names },
  values: { ...a.values, ...b.values },
});

async function firstMatches(query: KeyQuery, filter: Expr): Promise<AgentProfileItem[]> {
  const matches: AgentProfileItem[] = [];
  let cursor: string | undefined;
  for (let read = 0; read < SEARCH_PAGES && matches.length < SEARCH_RESULTS; read++) {
    const page = await AgentProfile.queryPage(query, { limit: SEARCH_READ_PAGE, cursor, filter });
    matches.push(...page.items);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return matches;
}
