// Lead-money transfers an agent makes (spec part 1 §4, §5): to another active agent, and to the
// point-and-click (click-to-call) programme. Each is one ledger transaction; a caller-supplied
// idempotency key makes a retried request return the first result instead of moving money again.
import { randomUUID } from 'node:crypto';
import { directoryKeys, type AgentProfile as AgentProfileItem } from '#entities/agent-profile.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { RECIPIENTS_PAGE_SIZE } from '#shared/api/account.ts';
import { readWholeDirectory, type DirectoryEntry } from '../directory/agent-directory.ts';
import { sessionRef, type EarlySession, type Session } from '../identity/sessions.ts';
import { ACCOUNT_NOT_FOUND, postEntry, readTransfer, transfer, type TransferRead } from './ledger.ts';
import { matchRank, termWords, type MatchRank } from '../directory/name-match.ts';

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
  /** The transfer's first read, started early by startAgentTransfer for the same accounts and key. */
  early?: EarlyTransfer;
}

/** A transfer's key and first read, started before the caller is known, with the caller's session. */
export interface EarlyTransfer {
  fromAgentId: string;
  toAgentId: string;
  clientKey?: string;
  idempotencyKey: string;
  read: Promise<TransferRead | undefined>;
  /** The session item read in the same BatchGet, for the gatekeeper (undefined when the read failed). */
  session: EarlySession;
}

/**
 * Starts a transfer's first read (idempotency record, both balances and profiles) with the request's
 * session item in one BatchGet: the gatekeeper takes the session from it, so a transfer waits for one
 * read before its transaction. Nothing is answered from it until the caller is authorized; a failed
 * read is read again by the gatekeeper and the transfer.
 */
export function startAgentTransfer(input: Omit<AgentTransferInput, 'amountCents' | 'early'> & { sessionToken?: string }): EarlyTransfer {
  const { sessionToken, ...accounts } = input;
  const idempotencyKey = ledgerKey('agentTransfer', accounts.fromAgentId, accounts.clientKey);
  const session = sessionRef(sessionToken);
  const read = readTransfer({ ...accounts, idempotencyKey }, true, session).catch(() => undefined);
  return { ...accounts, idempotencyKey, read, session: read.then((r) => (r && session ? { item: r.alongside as Session | undefined } : undefined)) };
}

/** Moves money from one agent's lead balance to another active agent's, in one transaction. */
export async function transferToAgent(input: AgentTransferInput): Promise<TransferReceipt> {
  // One BatchGet reads the idempotency record, both profiles and both balances; a retry (known key)
  // gets the first answer from the ledger even if an account has changed since, without the checks.
  const { early: started } = input;
  const early =
    started?.fromAgentId === input.fromAgentId && started.toAgentId === input.toAgentId && started.clientKey === input.clientKey ? started : undefined;
  const result = await transfer({
    fromAgentId: input.fromAgentId,
    toAgentId: input.toAgentId,
    amountCents: input.amountCents,
    type: 'FundsTransfer',
    description: '',
    describe: transferDescription,
    idempotencyKey: early?.idempotencyKey ?? ledgerKey('agentTransfer', input.fromAgentId, input.clientKey),
    ...(early ? { firstRead: early.read } : {}),
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
  const result = await postEntry({
    agentId: input.agentId,
    deltaCents: -input.amountCents,
    type: 'PointAndClickTransfer',
    description: POINT_AND_CLICK_DESCRIPTION,
    idempotencyKey: ledgerKey('pointAndClick', input.agentId, input.clientKey),
    check: assertActiveSender,
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
function transferDescription(sender: AgentProfileItem | undefined, receiver: AgentProfileItem | undefined): string {
  assertActiveSender(sender);
  if (!receiver) throw new ValidationFailed(RECEIVER_NOT_FOUND);
  if (receiver.status !== 1) throw new ValidationFailed(RECEIVER_INACTIVE);
  const name = (p: { firstName: string; lastName: string; agentId: string }) => `${p.firstName} ${p.lastName} (${p.agentId})`;
  return `Transfer from ${name(sender)} to ${name(receiver)}`;
}

// ---------------------------------------------------------------------------------------------
// The transfer dialog's agent search (GET accounts), over the agent directory held in memory

/** One agent the caller may send money to. */
export interface TransferRecipient {
  agentId: string;
  firstName: string;
  lastName: string;
}

/** Matches answered per search; a longer search term narrows them. */
export const SEARCH_RESULTS = 50;

const recipientOf = (p: Pick<DirectoryEntry, 'agentId' | 'firstName' | 'lastName'>): TransferRecipient => ({
  agentId: p.agentId,
  firstName: p.firstName,
  lastName: p.lastName,
});

/** Active agents other than the caller, in last-name order. */
async function recipients(callerAgentId: string | undefined): Promise<DirectoryEntry[]> {
  return (await readWholeDirectory()).filter((e) => e.status === 1 && e.agentId !== callerAgentId);
}

/** A page of the directory by last name, for callers that list rather than search; the cursor is the last row's name key. */
export async function listRecipients(q: { callerAgentId?: string; limit?: number; cursor?: string }): Promise<{ agents: TransferRecipient[]; cursor?: string }> {
  const limit = q.limit ?? RECIPIENTS_PAGE_SIZE;
  const after = q.cursor === undefined ? undefined : Buffer.from(q.cursor, 'base64url').toString('utf8');
  const rest = (await recipients(q.callerAgentId)).filter((e) => after === undefined || directoryKeys.lastName(e) > after);
  const page = rest.slice(0, limit);
  const last = page.at(-1);
  return { agents: page.map(recipientOf), ...(rest.length > limit && last ? { cursor: Buffer.from(directoryKeys.lastName(last), 'utf8').toString('base64url') } : {}) };
}

/**
 * Agents matching a typed term (spec part 1 §5, "fuzzy or case-insensitive"), best first: every word
 * an exact case-insensitive prefix (of first name, last name or agent id; two words as "first last"
 * or "last first") before matches within one typing slip (name-match.ts), then by name.
 */
export async function searchRecipients(q: { callerAgentId?: string; term: string }): Promise<TransferRecipient[]> {
  const words = termWords(q.term);
  const ranked: { agent: DirectoryEntry; rank: MatchRank }[] = [];
  for (const agent of await recipients(q.callerAgentId)) {
    const rank = matchRank(agent, words);
    if (rank !== undefined) ranked.push({ agent, rank });
  }
  // The directory is in name order already, and the sort is stable.
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, SEARCH_RESULTS)
    .map(({ agent }) => recipientOf(agent));
}
