// Applies the checked rows of an agent CSV upload, each as one ledger transaction. A row that moves
// money is keyed by what it is, not by the file it came in: a transaction by its TransactionID, a
// reimbursement by its agent and Code. So the same movement sent again (the same file, another file,
// a run again after a crash half way) moves money once. A credit limit row sets an absolute value and
// has no key: it applies every time it is sent (writing nothing when the line already has it). Rows
// run with bounded concurrency, but the rows of one agent in file order (a later debit may need an
// earlier credit).
import { agentUploadMessages as m, reimbursementDescription, type AgentUploadKind } from '#shared/agent-uploads.ts';
import type { LedgerType } from '#shared/ledger-types.ts';
import type { Balance } from '#entities/balance.ts';
import { ACCOUNT_NOT_FOUND, getBalance, KEY_REUSED, postEntryOutcome, readAheadForWrites, setCreditLine, type IdempotencyRecord } from '#core/money/ledger.ts';
import { Conflict, InsufficientFunds, NotFound } from '#platform/errors.ts';
import type { ParsedRow } from './agent-upload-rows.ts';

/** Agents whose rows are applied at once (each agent's rows one after another). */
export const UPLOAD_CONCURRENCY = 8;
/**
 * How long a row's key is remembered. Longer than the ledger's default 30 days: a transaction file
 * from an outside system may well be sent again months later, and must not pay twice.
 */
export const UPLOAD_IDEMPOTENCY_DAYS = 400;
/** What the credit line audit says set it. */
export const CSV_UPLOAD_SOURCE = 'CSV upload';

export type RowOutcome = 'Applied' | 'Already applied' | 'Refused';

export interface AppliedRow {
  row: number;
  outcome: RowOutcome;
  /** Row-numbered; empty unless refused. */
  message: string;
  /** transaction and reimburse: the balance right after the row (for a refused row, as it stood). */
  balanceCents?: number;
  /** creditLimit: the line before and after the row. */
  previousCreditLineCents?: number;
  creditLineCents?: number;
}

export interface ApplyContext {
  uploadId: string;
  /** The uploader's user id, for the credit line audit. */
  by: string;
  /** Called once per row finished, whatever its outcome. */
  onRowDone?: () => void;
}

/**
 * The idempotency key of a row (docs/data-model.md §5): the movement's own identity, whatever file
 * carries it. None for a credit limit row, which sets a value rather than moving one.
 */
export function rowKey(kind: AgentUploadKind, row: ParsedRow<AgentUploadKind>): string | undefined {
  switch (kind) {
    case 'transaction':
      return `transaction:${(row as ParsedRow<'transaction'>).transactionId}`;
    case 'reimburse': {
      // A Code is the reimbursement's reference for its agent (a file names a Code once per agent);
      // agent ids hold no colon, so the key reads back unambiguously.
      const r = row as ParsedRow<'reimburse'>;
      return `reimburse:${r.agentId}:${r.code}`;
    }
    case 'creditLimit':
      return undefined;
  }
}

/**
 * Apply every row; the outcomes come back in file order. The rows' idempotency records and the
 * agents' balances are read ahead in bulk, and each agent's balance is carried from one of its rows
 * to the next, so a row costs one transaction (a balance changed by someone else meanwhile fails the
 * version condition and is read again). An unexpected error stops the run and is thrown.
 */
export async function applyAgentRows<K extends AgentUploadKind>(
  kind: K,
  rows: readonly ParsedRow<K>[],
  ctx: ApplyContext,
  concurrency = UPLOAD_CONCURRENCY,
): Promise<AppliedRow[]> {
  const keys = new Map(rows.map((r) => [r.row, rowKey(kind, r)]));
  const ahead = await readAheadForWrites(
    [...keys.values()].filter((key) => key !== undefined),
    rows.map((r) => r.agentId),
  );
  const outcomes = new Map<number, AppliedRow>();
  await inAgentOrder(rows, (r) => r.agentId, concurrency, async (r) => {
    const key = keys.get(r.row);
    const { applied, balance } = await applyAgentRow(kind, r, ctx, { balance: ahead.balances.get(r.agentId), record: key === undefined ? undefined : ahead.records.get(key) });
    if (balance) ahead.balances.set(r.agentId, balance);
    else ahead.balances.delete(r.agentId);
    outcomes.set(r.row, applied);
    ctx.onRowDone?.();
  });
  return rows.map((r) => outcomes.get(r.row)!);
}

/** What a row's write may start from instead of reading: the balance and the row's idempotency record. */
export interface ReadAhead {
  balance?: Balance;
  record?: IdempotencyRecord;
}

/**
 * One row as one ledger transaction. Answers the row's outcome and the balance as the row left it
 * (undefined when unknown: the next row of the agent reads it).
 */
export async function applyAgentRow<K extends AgentUploadKind>(
  kind: K,
  row: ParsedRow<K>,
  ctx: ApplyContext,
  ahead: ReadAhead = {},
): Promise<{ applied: AppliedRow; balance?: Balance }> {
  const idempotencyKey = rowKey(kind, row);
  const known = ahead.balance ? { balance: ahead.balance, ...(ahead.record ? { idempotencyRecord: ahead.record } : {}) } : {};
  const refused = (message: string, extra: Partial<AppliedRow> = {}): AppliedRow => ({ row: row.row, outcome: 'Refused', message: m.atRow(row.row, message), ...extra });
  const done = (replayed: boolean, extra: Partial<AppliedRow>): AppliedRow => ({ row: row.row, outcome: replayed ? 'Already applied' : 'Applied', message: '', ...extra });
  try {
    if (kind === 'creditLimit') {
      const r = row as ParsedRow<'creditLimit'>;
      // No key: a line sent again is set again (a file of 1300 after one of 1200 means 1300).
      const { result } = await setCreditLine({
        agentId: r.agentId,
        creditLineCents: r.creditLineCents,
        by: ctx.by,
        source: CSV_UPLOAD_SOURCE,
        uploadId: ctx.uploadId,
        ...(ahead.balance ? { balance: ahead.balance } : {}),
      });
      // A file names each agent once, so no later row of the agent needs the balance carried.
      return { applied: done(false, { previousCreditLineCents: result.previousCents, creditLineCents: result.creditLineCents }) };
    }
    const post = (from: typeof known) =>
      postEntryOutcome({
        agentId: row.agentId,
        ...ledgerEntryOf(kind, row),
        idempotencyKey: idempotencyKey!,
        idempotencyTtlDays: UPLOAD_IDEMPOTENCY_DAYS,
        origin: ctx.uploadId,
        // A staff debit may use the credit line, as a lead purchase does (docs/api.md, Decisions).
        allowCreditLine: true,
        ...from,
      });
    let outcome;
    try {
      outcome = await post(known);
    } catch (err) {
      // A balance read ahead may be older than the account: refuse a debit only on a fresh read.
      if (!(err instanceof InsufficientFunds) || !ahead.balance) throw err;
      outcome = await post({});
    }
    const { result, replayed } = outcome;
    // A row this upload's own earlier run applied (a run retried after a fault) counts as applied by it.
    const elsewhere = replayed && outcome.origin !== ctx.uploadId;
    const balance =
      replayed || !ahead.balance
        ? ahead.balance
        : { ...ahead.balance, balanceCents: result.balanceCents, version: ahead.balance.version + 1, updatedAt: result.at };
    return { applied: done(elsewhere, { balanceCents: result.balanceCents }), balance };
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      const balance = await getBalance(row.agentId);
      const balanceCents = balance?.balanceCents ?? 0;
      const amountCents = -(row as ParsedRow<'transaction'>).deltaCents;
      return { applied: refused(m.insufficientBalance(row.agentId, amountCents, balanceCents, balance?.creditLineCents ?? 0), { balanceCents }), balance };
    }
    if (err instanceof NotFound && err.messages[0] === ACCOUNT_NOT_FOUND) return { applied: refused(m.agentNotFound(row.agentId)) };
    if (err instanceof Conflict && err.messages[0] === KEY_REUSED) {
      if (kind === 'reimburse') return { applied: refused(m.reimbursementReused((row as ParsedRow<'reimburse'>).code, row.agentId)) };
      return { applied: refused(m.transactionIdReused((row as ParsedRow<'transaction'>).transactionId)) };
    }
    // The balance kept changing under every retry (ledger.ts gives up after 25): this row only.
    if (err instanceof Conflict) return { applied: refused(m.accountBusy) };
    throw err;
  }
}

/** The ledger entry of a transaction or reimburse row. */
function ledgerEntryOf(kind: Exclude<AgentUploadKind, 'creditLimit'>, row: ParsedRow<AgentUploadKind>): { deltaCents: number; type: LedgerType; description: string } {
  if (kind === 'transaction') {
    const r = row as ParsedRow<'transaction'>;
    return { deltaCents: r.deltaCents, type: r.type, description: r.description };
  }
  const r = row as ParsedRow<'reimburse'>;
  return { deltaCents: r.amountCents, type: 'LeadReimbursement', description: reimbursementDescription(r) };
}

/**
 * Runs `work` on every item, at most `concurrency` at once, the items of one agent one after another
 * in their order. Agents are taken in the order they first appear. The first error stops new work
 * from starting; it is thrown once the work already started has settled.
 */
export async function inAgentOrder<T>(items: readonly T[], agentOf: (item: T) => string, concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(agentOf(item));
    if (group) group.push(item);
    else groups.set(agentOf(item), [item]);
  }
  const queue = [...groups.values()];
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < queue.length) {
      const group = queue[next++]!;
      for (const item of group) {
        if (failure) return;
        try {
          await work(item);
        } catch (error) {
          failure ??= { error };
          return;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, worker));
  if (failure) throw failure.error;
}
