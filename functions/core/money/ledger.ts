// The agents' money: every balance change is one TransactWriteItems of the conditional balance
// update, the ledger entry with its running balance and an idempotency record, so a balance always
// equals the sum of its ledger and a retried request never pays twice. Only those facts: the day sums,
// the low-balance crossings and the lead engine's change log follow from the table's stream
// (functions/core/views/).
import { createHash, randomUUID } from 'node:crypto';
import { type LedgerType } from '#shared/ledger-types.ts';
import { Balance } from '#entities/balance.ts';
import { CreditLineChange } from '#entities/credit-line-change.ts';
import { DaySummary } from '#entities/day-summary.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { idempotencyRef, sleep, transactWrite, TransactionConflict, type Page, type TxItem } from '#platform/db.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { Conflict, InsufficientFunds, NotFound, ValidationFailed } from '#platform/errors.ts';
import { reportDay } from '#platform/report-day.ts';
import { daySummaryOf } from '../views/day-sums-view.ts';

export const INSUFFICIENT_FUNDS = 'Amount cannot be greater than your current balance';
export const SELF_TRANSFER = 'Receiving agent must be another agent.';
export const ACCOUNT_NOT_FOUND = 'Agent account not found.';
export const KEY_REUSED = 'This idempotency key was already used for a different request.';

export interface PostResult {
  entryId: string;
  agentId: string;
  at: string;
  type: LedgerType;
  deltaCents: number;
  balanceCents: number;
}

export interface TransferResult {
  from: PostResult;
  to: PostResult;
}

export interface RetryPolicy {
  /** Attempts before a version conflict gives up with a 409 (default 25). */
  maxAttempts?: number;
  /** Upper bound of the first backoff in ms; doubles per attempt up to 500 ms, full jitter (default 10). */
  baseDelayMs?: number;
}

const MAX_BACKOFF_MS = 500;
const DEFAULT_ATTEMPTS = 25;
const DEFAULT_BASE_DELAY_MS = 10;

/** The agent's names the balance item carries for its ledger entries (the report's name orders). */
export interface AccountNames {
  firstName: string;
  lastName: string;
}

/** Open an agent's account (balance 0); done once when the agent is created. */
export async function openAccount(agentId: string, opts: { creditLineCents?: number; at?: string; names?: AccountNames; leadsStopped?: boolean } = {}): Promise<void> {
  await Balance.create(
    { agentId, balanceCents: 0, creditLineCents: opts.creditLineCents ?? 0, version: 0, updatedAt: opts.at ?? new Date().toISOString(), ...opts.names, ...(opts.leadsStopped ? { leadsStopped: true as const } : {}) },
    { orFail: () => new Conflict('Agent account already exists.') },
  );
}

export interface PostEntryInput {
  agentId: string;
  /** Positive credits the account, negative debits it. */
  deltaCents: number;
  type: LedgerType;
  description: string;
  /** Makes the entry happen at most once; required unless `proStoreWeek` guards it instead. */
  idempotencyKey?: string;
  /** How long the key is remembered (default 30 days; CSV uploads keep theirs longer). */
  idempotencyTtlDays?: number;
  /**
   * Who wrote it (a CSV upload's id), kept with the key: a repeat tells its own earlier try (a run
   * retried after a fault) from another writer's (an earlier upload of the same row).
   */
  origin?: string;
  /**
   * The weekly Pro Store debit: the balance item records the week and the result in the same
   * transaction, so a second debit of that week answers the first one without an idempotency
   * record (a 3-item transaction instead of 4).
   */
  proStoreWeek?: string;
  /** The balance as already read (the Pro Store job reads a page of them at once); re-read after a conflict. */
  balance?: Balance;
  /**
   * With `balance`: the idempotency record as read with it (bulk writers read both ahead). Without
   * one the key is taken as unused, and the transaction still refuses a key that was used meanwhile.
   */
  idempotencyRecord?: IdempotencyRecord;
  /** Checks the account holder before money moves (read in the same round trip as the balance). */
  check?: (profile: AgentProfile | undefined) => void;
  /**
   * When the entry happened, for replaying history (seeding, a test's past days); defaults to now. A
   * ledger is only ever appended to: a time at or before the account's latest entry is moved to just
   * after it (replayTime), so the running balances always read in time order.
   */
  at?: string;
  /** A lead purchase may take the balance down to minus the credit line. */
  allowCreditLine?: boolean;
}

/**
 * The time of a new entry: now, but never at or before the account's last change. Servers' clocks
 * differ; since the version check proves `updatedAt` is the latest entry's time, this keeps every
 * account's entries (and so its running balances) in the order they were written.
 */
export function entryTime(...balances: Pick<Balance, 'updatedAt'>[]): string {
  return appendedAt(Date.now(), balances);
}

/** `wantedMs`, or just after the latest of the balances' last changes when that is later. */
function appendedAt(wantedMs: number, balances: readonly Pick<Balance, 'updatedAt'>[]): string {
  const latest = Math.max(...balances.map((b) => Date.parse(b.updatedAt) + 1));
  return new Date(Math.max(wantedMs, Number.isFinite(latest) ? latest : 0)).toISOString();
}

/**
 * The time of an entry replayed at `wanted`: `wanted`, unless one of the accounts already has an entry
 * at or after it; then just after the latest of them. An entry written late (a back-dated replay)
 * is appended, never slipped in before entries written earlier: their stored running balances were
 * computed without it. Asks each account's ledger
 * for its latest entry (its balance's `updatedAt` is the account's opening time until the first
 * entry, which a replay of older history must be allowed to precede). Read after the balances, so
 * an entry written in between fails the balances' version condition and the write reads again.
 */
export async function replayTime(wanted: string, agentIds: readonly string[]): Promise<string> {
  const latest = await Promise.all(agentIds.map((agentId) => LedgerEntry.query.ofAgent(agentId).first({ newestFirst: true, consistent: true })));
  const after = Math.max(...latest.map((e) => (e ? Date.parse(e.at) + 1 : Number.NEGATIVE_INFINITY)));
  return new Date(Math.max(Date.parse(wanted), after)).toISOString();
}

/**
 * `wanted` (a sale's time), or just after the balance's last change when that is later: debitItems and
 * creditItems cannot read the ledger, and the version condition proves `updatedAt` is the latest
 * entry's time (or, before any entry, the account's opening), so the entry is still appended.
 */
function notBefore(wanted: string, balance: Pick<Balance, 'updatedAt'>): string {
  return appendedAt(Date.parse(wanted), [balance]);
}

/** Credit or debit one account. A debit beyond the balance throws InsufficientFunds. */
export async function postEntry(input: PostEntryInput, retry: RetryPolicy = {}): Promise<PostResult> {
  return (await postEntryOutcome(input, retry)).result;
}

/** What a keyed write did: its result, and whether that was stored by an earlier write with the same key. */
export interface WriteOutcome<T> {
  result: T;
  /** True when nothing was written now: the key (or the Pro Store week) was used before. */
  replayed: boolean;
  /** A repeat's: the `origin` the first write stored with the key. */
  origin?: string;
}

/** postEntry, telling a first write from a repeat (a CSV upload reports a repeated row as already applied). */
export async function postEntryOutcome(input: PostEntryInput, retry: RetryPolicy = {}): Promise<WriteOutcome<PostResult>> {
  assertAmount(input.deltaCents, { allowNegative: true });
  if (!input.idempotencyKey && !input.proStoreWeek) throw new Error('A ledger entry needs an idempotency key');
  const fingerprint = digest(['post', input.agentId, input.deltaCents, input.type]);
  const replayed = ({ origin, ...result }: PostResult & { origin?: string }): WriteOutcome<PostResult> => ({ result, replayed: true, ...(origin ? { origin } : {}) });
  let snapshot = input.balance;
  return withRetry(retry, async () => {
    const read = snapshot
      ? { duplicate: input.idempotencyRecord, balances: new Map([[input.agentId, snapshot]]), profiles: new Map<string, AgentProfile>() }
      : await readForWrite(input.idempotencyKey, [input.agentId], input.check !== undefined);
    snapshot = undefined; // a retry after a conflict reads again
    if (read.duplicate) return replayed(sameRequest<PostResult & { origin?: string }>(read.duplicate, fingerprint));
    input.check?.(read.profiles.get(input.agentId));
    const balance = requireBalance(read.balances, input.agentId);
    if (input.proStoreWeek && balance.proStoreWeek === input.proStoreWeek && balance.proStoreResult)
      return replayed(balance.proStoreResult as PostResult);
    const at = input.at === undefined ? entryTime(balance) : await replayTime(input.at, [input.agentId]);
    const change = plan(balance, input.deltaCents, input.allowCreditLine ?? false);
    const entry = entryOf(balance, at, input.type, input.description, input.deltaCents, change.after);
    const result = resultOf(entry, input.deltaCents);
    const marker = input.proStoreWeek ? { proStoreWeek: input.proStoreWeek, proStoreResult: result } : {};
    const outcome = await transactWrite([...moneyMovement(balance, change, entry, at, marker)], {
      ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey, result: input.origin ? { ...result, origin: input.origin } : result, fingerprint, idempotencyTtlDays: input.idempotencyTtlDays } : {}),
    });
    return outcome.status === 'duplicate' ? replayed(sameRequest<PostResult & { origin?: string }>(outcome, fingerprint)) : { result, replayed: false };
  });
}

export interface CreditLineInput {
  agentId: string;
  creditLineCents: number;
  /** Who sets it (the staff user's id), for the audit. */
  by: string;
  /** Where it is set, for the audit ('CSV upload'). */
  source: string;
  uploadId?: string;
  /**
   * Makes the change happen at most once. A CSV upload sets lines without one: a line is an absolute
   * value, so a file sent again sets what it says, whatever was set in between.
   */
  idempotencyKey?: string;
  idempotencyTtlDays?: number;
  /** The balance and idempotency record as already read, as for postEntry; re-read after a conflict. */
  balance?: Balance;
  idempotencyRecord?: IdempotencyRecord;
  at?: string;
}

export interface CreditLineResult {
  agentId: string;
  /** The audit row written; absent when the line already had the value (nothing was written). */
  changeId?: string;
  at: string;
  previousCents: number;
  creditLineCents: number;
}

/**
 * Set an account's credit line: the balance item's `creditLineCents` under its version (which it
 * bumps, so a ledger write that read the old line retries), its audit row and the idempotency record
 * (when keyed), in one transaction. A line that already has the value writes nothing (no audit row).
 * Lowering the line below what the agent already owes is allowed: it limits new lead purchases and
 * moves no money.
 */
export async function setCreditLine(input: CreditLineInput, retry: RetryPolicy = {}): Promise<WriteOutcome<CreditLineResult>> {
  if (!Number.isSafeInteger(input.creditLineCents) || input.creditLineCents < 0)
    throw new ValidationFailed('A credit line must be a non-negative number of cents.');
  const fingerprint = digest(['creditLine', input.agentId, input.creditLineCents]);
  let snapshot = input.balance;
  return withRetry(retry, async () => {
    const ahead = snapshot;
    snapshot = undefined;
    let read = ahead
      ? { duplicate: input.idempotencyRecord, balances: new Map([[input.agentId, ahead]]) }
      : await readForWrite(input.idempotencyKey, [input.agentId], false);
    // A line read ahead may be older than the account's: that there is nothing to change is judged on a fresh read.
    if (ahead && !read.duplicate && ahead.creditLineCents === input.creditLineCents) read = await readForWrite(input.idempotencyKey, [input.agentId], false);
    if (read.duplicate) return { result: sameRequest<CreditLineResult>(read.duplicate, fingerprint), replayed: true };
    const balance = requireBalance(read.balances, input.agentId);
    const at = input.at ?? new Date().toISOString();
    if (balance.creditLineCents === input.creditLineCents)
      return { result: { agentId: input.agentId, at, previousCents: balance.creditLineCents, creditLineCents: input.creditLineCents }, replayed: false };
    const result: CreditLineResult = {
      agentId: input.agentId,
      changeId: randomUUID(),
      at,
      previousCents: balance.creditLineCents,
      creditLineCents: input.creditLineCents,
    };
    const outcome = await transactWrite(
      [
        // `updatedAt` stays the time of the latest ledger entry, which entryTime orders new entries after.
        Balance.patchTx(
          { agentId: input.agentId },
          { set: { creditLineCents: input.creditLineCents, version: balance.version + 1 } },
          { condition: { expression: 'version = :expected', values: { ':expected': balance.version } }, orFail: () => new VersionConflict() },
        ),
        CreditLineChange.createTx({
          agentId: input.agentId,
          changeId: result.changeId!,
          changedAt: at,
          previousCents: result.previousCents,
          newCents: input.creditLineCents,
          changedBy: input.by,
          source: input.source,
          ...(input.uploadId ? { uploadId: input.uploadId } : {}),
        }),
      ],
      input.idempotencyKey ? { idempotencyKey: input.idempotencyKey, result, fingerprint, idempotencyTtlDays: input.idempotencyTtlDays } : {},
    );
    return outcome.status === 'duplicate'
      ? { result: sameRequest<CreditLineResult>(outcome, fingerprint), replayed: true }
      : { result, replayed: false };
  });
}

export interface TransferInput {
  fromAgentId: string;
  toAgentId: string;
  amountCents: number;
  type: LedgerType;
  description: string;
  idempotencyKey: string;
  /**
   * Checks both account holders and names them for the entries (the description), with the
   * profiles read in the same round trip as the balances and the idempotency record.
   */
  describe?: (from: AgentProfile | undefined, to: AgentProfile | undefined) => string;
  /** As postEntry's: a replay's time, appended after both accounts' latest entries (replayTime). */
  at?: string;
  /**
   * The first attempt's read, started before the call (readTransfer with the same accounts and key,
   * beside the request's session read); a retry reads again. Stale is safe: the writes are conditioned
   * on the versions read.
   */
  firstRead?: Promise<TransferRead | undefined>;
}

export type TransferRead = Awaited<ReturnType<typeof readForWrite>>;

/**
 * What transfer() reads first, to be started early: the idempotency record, both balances and
 * profiles, and `alongside` (the caller's session) in the same BatchGet.
 */
export function readTransfer(input: Pick<TransferInput, 'fromAgentId' | 'toAgentId' | 'idempotencyKey'>, withProfiles: boolean, alongside?: Ref<unknown>): Promise<TransferRead> {
  return readForWrite(input.idempotencyKey, [input.fromAgentId, input.toAgentId], withProfiles, alongside);
}

/** Move money between two accounts: both balances and both entries in one transaction. */
export async function transfer(input: TransferInput, retry: RetryPolicy = {}): Promise<TransferResult> {
  assertAmount(input.amountCents, { allowNegative: false });
  if (input.fromAgentId === input.toAgentId) throw new ValidationFailed(SELF_TRANSFER);
  const fingerprint = digest(['transfer', input.fromAgentId, input.toAgentId, input.amountCents, input.type]);
  let early = input.firstRead;
  return withRetry(retry, async () => {
    const first = early && (await early);
    early = undefined;
    const { duplicate, balances, profiles } = first ?? (await readForWrite(input.idempotencyKey, [input.fromAgentId, input.toAgentId], input.describe !== undefined));
    // A retry gets the first answer even if an account has changed since, so it skips the checks.
    if (duplicate) return sameRequest<TransferResult>(duplicate, fingerprint);
    const description = input.describe ? input.describe(profiles.get(input.fromAgentId), profiles.get(input.toAgentId)) : input.description;
    const from = requireBalance(balances, input.fromAgentId);
    const to = requireBalance(balances, input.toAgentId);
    const at = input.at === undefined ? entryTime(from, to) : await replayTime(input.at, [from.agentId, to.agentId]);
    const debit = plan(from, -input.amountCents, false);
    const credit = plan(to, input.amountCents, false);
    const debitEntry = entryOf(from, at, input.type, description, -input.amountCents, debit.after, to.agentId);
    const creditEntry = entryOf(to, at, input.type, description, input.amountCents, credit.after, from.agentId);
    const result: TransferResult = {
      from: resultOf(debitEntry, -input.amountCents),
      to: resultOf(creditEntry, input.amountCents),
    };
    const outcome = await transactWrite(
      [...moneyMovement(from, debit, debitEntry, at), ...moneyMovement(to, credit, creditEntry, at)],
      { idempotencyKey: input.idempotencyKey, result, fingerprint },
    );
    return outcome.status === 'duplicate' ? sameRequest<TransferResult>(outcome, fingerprint) : result;
  });
}

/**
 * The ledger's part of a lead purchase (data-model §4.3): the LeadSpend debit's balance update and
 * entry, for the lead engine to put in its one sale transaction beside the order's counters and
 * the lead. The balance is conditioned on its version and, with `allowCreditLine`, on holding at least
 * price − credit line; a debit beyond that throws InsufficientFunds before anything is written. A
 * failed version condition throws the error `isStaleBalance` recognises: read the balance again.
 */
export function debitItems(
  balance: Balance,
  debit: {
    deltaCents: number;
    type: LedgerType;
    description: string;
    allowCreditLine: boolean;
    at?: string;
    /** A lead purchase: the balance must also say its owner takes leads (Balance `leadsStopped` absent). */
    buyerTakesLeads?: boolean;
  },
): { items: TxItem[]; result: PostResult } {
  assertAmount(debit.deltaCents, { allowNegative: true });
  if (debit.deltaCents > 0) throw new Error('debitItems takes a debit');
  const at = debit.at === undefined ? entryTime(balance) : notBefore(debit.at, balance);
  const change = plan(balance, debit.deltaCents, debit.allowCreditLine);
  const entry = entryOf(balance, at, debit.type, debit.description, debit.deltaCents, change.after);
  return { items: moneyMovement(balance, change, entry, at, {}, debit.buyerTakesLeads ? ' AND attribute_not_exists(leadsStopped)' : ''), result: resultOf(entry, debit.deltaCents) };
}

/**
 * The ledger's part of a credit written beside other items in one transaction (an approved dispute's
 * LeadCredit with its decision): the balance update under its version and the entry, as postEntry
 * writes them. A failed version condition throws the error `isStaleBalance` recognises.
 */
export function creditItems(
  balance: Balance,
  credit: { deltaCents: number; type: LedgerType; description: string; at?: string },
): { items: TxItem[]; result: PostResult } {
  assertAmount(credit.deltaCents, { allowNegative: false });
  if (credit.deltaCents <= 0) throw new Error('creditItems takes a credit');
  const at = credit.at === undefined ? entryTime(balance) : notBefore(credit.at, balance);
  const change = plan(balance, credit.deltaCents, false);
  const entry = entryOf(balance, at, credit.type, credit.description, credit.deltaCents, change.after);
  return { items: moneyMovement(balance, change, entry, at), result: resultOf(entry, credit.deltaCents) };
}

/** The balance changed since it was read (debitItems' or creditItems' condition failed): read it again and retry. */
export const isStaleBalance = (err: unknown): boolean => err instanceof VersionConflict;

/** An idempotency record as read: the first write's answer and the digest of its request. */
export type IdempotencyRecord = { storedResult: unknown; fingerprint?: string };

/** Keys per BatchGetItem (DynamoDB's limit), and BatchGets in flight at once. */
const BATCH_KEYS = 100;
const BATCHES_AT_ONCE = 8;

/**
 * What many keyed writes decide on, read ahead in consistent BatchGets (100 keys each, a few at a
 * time) instead of one read per write: the idempotency records that exist and the balances. Pass
 * them to postEntry or setCreditLine as `idempotencyRecord` and `balance`.
 */
export async function readAheadForWrites(idempotencyKeys: readonly string[], agentIds: readonly string[]) {
  const refs: [string, Ref<unknown>][] = [
    ...[...new Set(idempotencyKeys)].map((key): [string, Ref<unknown>] => [`r:${key}`, idempotencyRef(key)]),
    ...[...new Set(agentIds)].map((agentId): [string, Ref<unknown>] => [`b:${agentId}`, Balance.ref({ agentId })]),
  ];
  const chunks: [string, Ref<unknown>][][] = [];
  for (let i = 0; i < refs.length; i += BATCH_KEYS) chunks.push(refs.slice(i, i + BATCH_KEYS));
  const records = new Map<string, IdempotencyRecord>();
  const balances = new Map<string, Balance>();
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const found = (await getMany(Object.fromEntries(chunk), { consistent: true })) as Record<string, unknown>;
      for (const [name, value] of Object.entries(found)) {
        if (value === undefined) continue;
        if (name.startsWith('r:')) records.set(name.slice(2), value as IdempotencyRecord);
        else balances.set(name.slice(2), value as Balance);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_AT_ONCE, chunks.length) }, worker));
  return { records, balances };
}

/** My Account's rows between two instants [from, to), oldest first unless newestFirst. */
export function listEntries(q: {
  agentId: string;
  from: string;
  to: string;
  newestFirst?: boolean;
  limit?: number;
  cursor?: string;
}): Promise<Page<LedgerEntry>> {
  return LedgerEntry.query.byTime(q.agentId, q.from, q.to).page({
    newestFirst: q.newestFirst,
    limit: q.limit,
    cursor: q.cursor,
  });
}

/** The balance just before `at` (My Account's starting and ending balance rows). */
export async function balanceAt(agentId: string, at: string): Promise<number> {
  const last = await LedgerEntry.query.before(agentId, at).first({ newestFirst: true });
  return last?.balanceAfterCents ?? 0;
}

export function getBalance(agentId: string): Promise<Balance | undefined> {
  return Balance.get({ agentId }, { consistent: true });
}

export interface Movement {
  /** Given by bulk writers that must rewrite the same entry when run again. */
  entryId?: string;
  at: string;
  deltaCents: number;
  type: LedgerType;
  description: string;
  counterpartyAgentId?: string;
}

/**
 * The stored items of an account built from its whole history at once (bulk seeding): the balance,
 * one entry per movement in exactly the shapes postEntry writes, so "the balance equals the sum of its
 * ledger" holds for them too, and the day sums the projector would make of them (daySummaryOf).
 * Movements must be in time order and, like postEntry without a credit line, never take the balance
 * below zero.
 */
export function accountItems(agentId: string, creditLineCents: number, movements: Movement[], names?: AccountNames, opts: { leadsStopped?: boolean } = {}): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  const days = new Map<string, LedgerEntry[]>();
  let balanceCents = 0;
  let previousAt = '';
  for (const m of movements) {
    assertAmount(m.deltaCents, { allowNegative: true });
    if (m.at < previousAt) throw new Error(`Movements of ${agentId} are not in time order`);
    if (balanceCents + m.deltaCents < 0) throw new InsufficientFunds(INSUFFICIENT_FUNDS);
    balanceCents += m.deltaCents;
    previousAt = m.at;
    const entry = { ...entryOf({ agentId, ...names }, m.at, m.type, m.description, m.deltaCents, balanceCents, m.counterpartyAgentId), ...(m.entryId ? { entryId: m.entryId } : {}) };
    items.push(LedgerEntry.toItem(entry));
    const day = reportDay(m.at);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  for (const [day, entries] of days) items.push(DaySummary.toItem(daySummaryOf(agentId, day, entries)));
  const updatedAt = previousAt || new Date().toISOString();
  items.push(Balance.toItem({ agentId, balanceCents, creditLineCents, version: movements.length, updatedAt, ...names, ...(opts.leadsStopped ? { leadsStopped: true as const } : {}) }));
  return items;
}

// ---------------------------------------------------------------------------------------------

interface Change {
  after: number;
  /** For debits: the balance the account must still hold for the debit to fit. */
  mustHold?: number;
}

/** The new balance, refusing a debit below zero (or below minus the credit line when allowed). */
function plan(balance: Balance, deltaCents: number, allowCreditLine: boolean): Change {
  const after = balance.balanceCents + deltaCents;
  if (deltaCents >= 0) return { after };
  const floor = allowCreditLine ? -balance.creditLineCents : 0;
  if (after < floor) throw new InsufficientFunds(INSUFFICIENT_FUNDS);
  return { after, mustHold: floor - deltaCents };
}

/** The transaction items of one account's change: the balance under its version, and the entry. */
function moneyMovement(balance: Balance, change: Change, entry: LedgerEntry, at: string, extra: Partial<Balance> = {}, alsoRequired = ''): TxItem[] {
  const funded = change.mustHold === undefined ? '' : ' AND balanceCents >= :mustHold';
  const balanceUpdate = Balance.patchTx(
    { agentId: balance.agentId },
    // The version condition proves the balance is the one read, so setting the computed balance is exact.
    { set: { balanceCents: change.after, version: balance.version + 1, updatedAt: at, ...extra } },
    {
      // The balance is conditioned twice: the version proves it is unchanged since the read (so the
      // entry's running balance is exact) and the floor is enforced by DynamoDB itself as well.
      condition: {
        expression: `version = :expected${funded}${alsoRequired}`,
        values: { ':expected': balance.version, ...(change.mustHold === undefined ? {} : { ':mustHold': change.mustHold }) },
      },
      orFail: () => new VersionConflict(),
    },
  );
  return [balanceUpdate, LedgerEntry.createTx(entry)];
}

/** A new entry of the account; it carries the names the balance item holds. */
function entryOf(
  account: Pick<Balance, 'agentId' | 'firstName' | 'lastName'>,
  at: string,
  type: LedgerType,
  description: string,
  deltaCents: number,
  balanceAfterCents: number,
  counterpartyAgentId?: string,
): LedgerEntry {
  return {
    entryId: randomUUID(),
    agentId: account.agentId,
    at,
    type,
    description,
    creditCents: Math.max(deltaCents, 0),
    debitCents: Math.max(-deltaCents, 0),
    balanceAfterCents,
    ...(counterpartyAgentId ? { counterpartyAgentId } : {}),
    ...(account.firstName !== undefined ? { firstName: account.firstName } : {}),
    ...(account.lastName !== undefined ? { lastName: account.lastName } : {}),
  };
}

function resultOf(entry: LedgerEntry, deltaCents: number): PostResult {
  return { entryId: entry.entryId, agentId: entry.agentId, at: entry.at, type: entry.type, deltaCents, balanceCents: entry.balanceAfterCents };
}

/**
 * One consistent BatchGet of everything a write decides on: the idempotency record, the balances
 * and, when the caller checks the account holders, their profiles (one round trip, not three).
 */
async function readForWrite(idempotencyKey: string | undefined, agentIds: string[], withProfiles: boolean, alongside?: Ref<unknown>) {
  const refs: Record<string, Ref<unknown>> = {};
  if (idempotencyKey) refs.record = idempotencyRef(idempotencyKey);
  if (alongside) refs.alongside = alongside;
  agentIds.forEach((agentId, i) => {
    refs[`balance${i}`] = Balance.ref({ agentId });
    if (withProfiles) refs[`profile${i}`] = AgentProfile.ref({ agentId });
  });
  const read = (await getMany(refs, { consistent: true })) as Record<string, unknown>;
  const balances = new Map<string, Balance>();
  const profiles = new Map<string, AgentProfile>();
  agentIds.forEach((agentId, i) => {
    const balance = read[`balance${i}`] as Balance | undefined;
    const profile = read[`profile${i}`] as AgentProfile | undefined;
    if (balance) balances.set(agentId, balance);
    if (profile) profiles.set(agentId, profile);
  });
  return { duplicate: read.record as IdempotencyRecord | undefined, balances, profiles, alongside: read.alongside };
}

function requireBalance(balances: Map<string, Balance>, agentId: string): Balance {
  const balance = balances.get(agentId);
  if (!balance) throw new NotFound(ACCOUNT_NOT_FOUND);
  return balance;
}

/** A retried request gets the first result; the same key on a different request is a conflict. */
function sameRequest<T>(duplicate: IdempotencyRecord, fingerprint: string): T {
  if (duplicate.fingerprint !== fingerprint) throw new Conflict(KEY_REUSED);
  return duplicate.storedResult as T;
}

/** The balance changed between read and write: re-read and try again. */
class VersionConflict extends Conflict {
  constructor() {
    super('The balance changed while the request ran; please retry.');
  }
}

async function withRetry<T>(policy: RetryPolicy, attempt: () => Promise<T>): Promise<T> {
  const maxAttempts = policy.maxAttempts ?? DEFAULT_ATTEMPTS;
  const base = policy.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const retryable = err instanceof VersionConflict || err instanceof TransactionConflict;
      if (!retryable || n >= maxAttempts) throw err;
      // Full jitter: contenders that collided spread out instead of colliding again in lockstep.
      await sleep(Math.random() * Math.min(MAX_BACKOFF_MS, base * 2 ** (n - 1)));
    }
  }
}

function assertAmount(value: number, opts: { allowNegative: boolean }): void {
  if (!Number.isSafeInteger(value) || value === 0 || (!opts.allowNegative && value < 0))
    throw new ValidationFailed(opts.allowNegative ? 'Amount must be a non-zero number of cents.' : 'Amount must be a positive number of cents.');
}

function digest(parts: (string | number)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
