// The agent CSV uploads of the Agents page (spec part 3 §2 "CSV uploads", §3 "Upload files"): their
// columns, the zod schema each data row is checked by and the messages, shared so a browser can check
// a file before sending it with exactly the server's words. The spec gives no messages for these
// rows; the words and limits are ours (docs/api.md, Decisions).
import { z } from 'zod';
import { ID_PATTERN } from './api/define.ts';
import type { UploadKind } from './api/uploads.ts';
import type { LedgerType } from './ledger-types.ts';
import { dollarsToCents, formatUsd, INVALID_DOLLAR_AMOUNT } from './money.ts';

export type AgentUploadKind = Extract<UploadKind, 'creditLimit' | 'transaction' | 'reimburse'>;

/** Each file's columns, in the template's order (matched case-insensitively, in any order). */
export const AGENT_UPLOAD_COLUMNS = {
  creditLimit: ['AgentId', 'Amount'],
  transaction: ['TransactionID', 'AgentCode', 'Amount', 'Description', 'TransactionType'],
  reimburse: ['Code', 'AgentId', 'Amount', 'Description'],
} as const satisfies Record<AgentUploadKind, readonly string[]>;

/** The templates the page offers for download: the header and one example row. */
export const AGENT_UPLOAD_TEMPLATES: Record<AgentUploadKind, string> = {
  creditLimit: 'AgentId,Amount\r\nA000123,500.00\r\n',
  transaction: 'TransactionID,AgentCode,Amount,Description,TransactionType\r\nTX-2026-0001,A000123,25.00,May company match,CompanyMatch\r\n',
  reimburse: 'Code,AgentId,Amount,Description\r\nR-1001,A000123,12.50,Reimbursed lead 123456\r\n',
};

/**
 * The ledger types a transaction file may post, and which way each moves money: the Amount is always
 * written positive and the type decides. The other types belong to their own flows: card payments
 * (the provider's verified result), transfers (the holder's act), lead spends (the lead engine), lead
 * reimbursements (the reimburse file, with its Code) and Other (no fixed direction).
 */
export const UPLOAD_CREDIT_TYPES = ['AgentContribution', 'CompanyMatch', 'LeadBonus', 'LeadCredit'] as const satisfies readonly LedgerType[];
export const UPLOAD_DEBIT_TYPES = ['ClickToCall', 'FinalAccountTermination'] as const satisfies readonly LedgerType[];
export type UploadTransactionType = (typeof UPLOAD_CREDIT_TYPES)[number] | (typeof UPLOAD_DEBIT_TYPES)[number];
const UPLOAD_TYPES: readonly UploadTransactionType[] = [...UPLOAD_CREDIT_TYPES, ...UPLOAD_DEBIT_TYPES];

export const isUploadDebit = (type: UploadTransactionType) => (UPLOAD_DEBIT_TYPES as readonly string[]).includes(type);

/** More rows than one run of the CSV job should take (docs/api.md "CSV uploads"; tests/bench/agent-upload.bench.ts). */
export const AGENT_UPLOAD_MAX_ROWS = 10_000;
/** The largest Amount of one row (a credit, a debit or a credit line): $100,000.00. */
export const AGENT_UPLOAD_AMOUNT_MAX_CENTS = 10_000_000;
export const AGENT_UPLOAD_DESCRIPTION_MAX = 200;
export const REIMBURSE_CODE_MAX = 64;
/** A TransactionID is the row's idempotency key: the characters of an Idempotency-Key header, at most 64. */
export const TRANSACTION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

export const agentUploadMessages = {
  header: (kind: AgentUploadKind) => `The first row must name the columns ${AGENT_UPLOAD_COLUMNS[kind].join(', ')}.`,
  noRows: 'The file has no rows.',
  tooManyRows: `A file may have at most ${AGENT_UPLOAD_MAX_ROWS.toLocaleString('en-US')} rows.`,
  fieldCount: (expected: number, found: number) => `expected ${expected} values, found ${found}.`,
  required: (column: string) => `${column} is required.`,
  agentId: (column: string) => `${column} must be 1 to 64 letters, digits, dashes or underscores.`,
  amount: `${INVALID_DOLLAR_AMOUNT} in Amount: write dollars with at most two decimals, without $ or thousands separators.`,
  amountPositive: 'Amount must be greater than 0.',
  creditLineNegative: 'Amount (the credit line) cannot be negative.',
  amountTooLarge: `Amount cannot be more than ${formatUsd(AGENT_UPLOAD_AMOUNT_MAX_CENTS)}.`,
  descriptionTooLong: `Description must be at most ${AGENT_UPLOAD_DESCRIPTION_MAX} characters.`,
  codeTooLong: `Code must be at most ${REIMBURSE_CODE_MAX} characters.`,
  controlCharacters: (column: string) => `${column} cannot hold line breaks, tabs or other control characters.`,
  transactionId: 'TransactionID must be 1 to 64 letters, digits, dots, underscores, colons or dashes.',
  transactionType: `TransactionType must be one of ${UPLOAD_CREDIT_TYPES.join(', ')} (credits) or ${UPLOAD_DEBIT_TYPES.join(', ')} (debits).`,
  /** The later of two rows naming the same thing. */
  duplicateTransactionId: (id: string, other: number) => `TransactionID ${id} is also on row ${other}.`,
  duplicateAgent: (agentId: string, other: number) => `Agent ${agentId} is also on row ${other}; a file sets each credit line once.`,
  duplicateCode: (code: string, agentId: string, other: number) => `Code ${code} for agent ${agentId} is also on row ${other}.`,
  agentNotFound: (agentId: string) => `Agent ${agentId} was not found.`,
  // Outcomes of applying a row (the one kind of row failure once the whole file has been checked).
  insufficientBalance: (agentId: string, amountCents: number, balanceCents: number, creditLineCents: number) =>
    `The debit of ${formatUsd(amountCents)} is more than agent ${agentId} has (balance ${formatUsd(balanceCents)}, credit line ${formatUsd(creditLineCents)}); not applied.`,
  transactionIdReused: (id: string) => `TransactionID ${id} was already used for a different transaction; not applied.`,
  reimbursementReused: (code: string, agentId: string) => `Code ${code} for agent ${agentId} was already used for a different reimbursement; not applied.`,
  accountBusy: 'The account was changing too often to apply this row; not applied. Upload the file again to apply it.',
  /** A message of data row `row` (the header is row 1), as the upload's status and report show it. */
  atRow: (row: number, message: string) => `Row ${row}: ${message}`,
} as const;
const m = agentUploadMessages;

// -------------------------------------------------------------------------------------------------
// One data row as written (trimmed text by column) to its parsed form; every issue message is a
// whole sentence naming its column, so a caller only puts the row number in front.

// Line breaks, tabs and the other C0 controls, and DEL: a description is one line of My Account.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const required = (column: string) => z.string().trim().min(1, { message: m.required(column), abort: true });

const agentIdField = (column: string) => required(column).regex(ID_PATTERN, m.agentId(column));

function amountField(floor: 'positive' | 'zero') {
  return required('Amount').transform((text, ctx) => {
    let cents: number;
    try {
      cents = dollarsToCents(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: m.amount });
      return z.NEVER;
    }
    if (floor === 'positive' && cents <= 0) ctx.addIssue({ code: 'custom', message: m.amountPositive });
    else if (floor === 'zero' && cents < 0) ctx.addIssue({ code: 'custom', message: m.creditLineNegative });
    else if (cents > AGENT_UPLOAD_AMOUNT_MAX_CENTS) ctx.addIssue({ code: 'custom', message: m.amountTooLarge });
    return cents;
  });
}

const textField = (column: string, max: number, tooLong: string) =>
  required(column)
    .max(max, tooLong)
    .refine((text) => !CONTROL.test(text), m.controlCharacters(column));

const transactionTypeField = required('TransactionType').transform((text, ctx) => {
  // Written as the type's name in any case ('companymatch' is CompanyMatch).
  const type = UPLOAD_TYPES.find((t) => t.toLowerCase() === text.toLowerCase());
  if (!type) {
    ctx.addIssue({ code: 'custom', message: m.transactionType });
    return z.NEVER;
  }
  return type;
});

export const creditLimitRowSchema = z
  .object({ AgentId: agentIdField('AgentId'), Amount: amountField('zero') })
  .transform((r) => ({ agentId: r.AgentId, creditLineCents: r.Amount }));
export type CreditLimitRow = z.output<typeof creditLimitRowSchema>;

export const transactionRowSchema = z
  .object({
    TransactionID: required('TransactionID').regex(TRANSACTION_ID_PATTERN, m.transactionId),
    AgentCode: agentIdField('AgentCode'),
    Amount: amountField('positive'),
    Description: textField('Description', AGENT_UPLOAD_DESCRIPTION_MAX, m.descriptionTooLong),
    TransactionType: transactionTypeField,
  })
  .transform((r) => ({
    transactionId: r.TransactionID,
    // AgentCode is the agent's id (docs/api.md, Decisions).
    agentId: r.AgentCode,
    amountCents: r.Amount,
    type: r.TransactionType,
    /** Signed: credits add to the balance, debits take from it. */
    deltaCents: isUploadDebit(r.TransactionType) ? -r.Amount : r.Amount,
    description: r.Description,
  }));
export type TransactionRow = z.output<typeof transactionRowSchema>;

export const reimburseRowSchema = z
  .object({
    Code: textField('Code', REIMBURSE_CODE_MAX, m.codeTooLong),
    AgentId: agentIdField('AgentId'),
    Amount: amountField('positive'),
    Description: textField('Description', AGENT_UPLOAD_DESCRIPTION_MAX, m.descriptionTooLong),
  })
  .transform((r) => ({ code: r.Code, agentId: r.AgentId, amountCents: r.Amount, description: r.Description }));
export type ReimburseRow = z.output<typeof reimburseRowSchema>;

export const AGENT_UPLOAD_ROW_SCHEMAS = {
  creditLimit: creditLimitRowSchema,
  transaction: transactionRowSchema,
  reimburse: reimburseRowSchema,
} as const;

export type AgentUploadRow<K extends AgentUploadKind> = z.output<(typeof AGENT_UPLOAD_ROW_SCHEMAS)[K]>;

/** What an agent's ledger entry says for a reimbursement: the file's Description with its Code. */
export const reimbursementDescription = (row: Pick<ReimburseRow, 'code' | 'description'>) => `${row.description} (${row.code})`;
