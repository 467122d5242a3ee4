import { describe, expect, it } from 'vitest';
import {
  AGENT_UPLOAD_COLUMNS,
  AGENT_UPLOAD_TEMPLATES,
  agentUploadMessages as m,
  creditLimitRowSchema,
  reimburseRowSchema,
  reimbursementDescription,
  transactionRowSchema,
} from './agent-uploads.ts';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : result.error!.issues.map((i) => i.message));

const transaction = (over: Record<string, string> = {}) => ({
  TransactionID: 'TX-1',
  AgentCode: 'A000123',
  Amount: '25.50',
  Description: 'May match',
  TransactionType: 'CompanyMatch',
  ...over,
});

describe('transaction rows', () => {
  it('reads a credit type as a positive change and a debit type as a negative one, the type in any case', () => {
    expect(transactionRowSchema.parse(transaction())).toEqual({
      transactionId: 'TX-1',
      agentId: 'A000123',
      amountCents: 2_550,
      type: 'CompanyMatch',
      deltaCents: 2_550,
      description: 'May match',
    });
    expect(transactionRowSchema.parse(transaction({ TransactionType: 'clicktocall', Amount: '3' }))).toMatchObject({ type: 'ClickToCall', deltaCents: -300 });
    expect(transactionRowSchema.parse(transaction({ TransactionType: 'FinalAccountTermination' }))).toMatchObject({ deltaCents: -2_550 });
  });

  it('refuses ledger types that belong to other flows, and unknown ones, listing the allowed types', () => {
    for (const type of ['LeadSpend', 'CreditCardPayment', 'FundsTransfer', 'LeadReimbursement', 'Other', 'Adjustment'])
      expect(issues(transactionRowSchema.safeParse(transaction({ TransactionType: type })))).toEqual([m.transactionType]);
    expect(m.transactionType).toBe(
      'TransactionType must be one of AgentContribution, CompanyMatch, LeadBonus, LeadCredit (credits) or ClickToCall, FinalAccountTermination (debits).',
    );
  });

  it('names every missing value once', () => {
    const empty = { TransactionID: '', AgentCode: ' ', Amount: '', Description: '', TransactionType: '' };
    expect(issues(transactionRowSchema.safeParse(empty))).toEqual([
      m.required('TransactionID'),
      m.required('AgentCode'),
      m.required('Amount'),
      m.required('Description'),
      m.required('TransactionType'),
    ]);
  });

  it('refuses amounts that are not positive dollars with at most two decimals, or too large', () => {
    for (const amount of ['12.345', '$5', '1,000', '1e3', 'ten'])
      expect(issues(transactionRowSchema.safeParse(transaction({ Amount: amount }))), amount).toEqual([m.amount]);
    expect(issues(transactionRowSchema.safeParse(transaction({ Amount: '-5' })))).toEqual([m.amountPositive]);
    expect(issues(transactionRowSchema.safeParse(transaction({ Amount: '0.00' })))).toEqual([m.amountPositive]);
    expect(issues(transactionRowSchema.safeParse(transaction({ Amount: '100000.01' })))).toEqual([m.amountTooLarge]);
    expect(transactionRowSchema.parse(transaction({ Amount: '100000' })).amountCents).toBe(10_000_000);
  });

  it('refuses a TransactionID or AgentCode with characters a key cannot hold, and a description too long or with line breaks', () => {
    expect(issues(transactionRowSchema.safeParse(transaction({ TransactionID: 'TX 1' })))).toEqual([m.transactionId]);
    expect(issues(transactionRowSchema.safeParse(transaction({ TransactionID: 'T'.repeat(65) })))).toEqual([m.transactionId]);
    expect(issues(transactionRowSchema.safeParse(transaction({ AgentCode: 'A#1' })))).toEqual([m.agentId('AgentCode')]);
    expect(issues(transactionRowSchema.safeParse(transaction({ Description: 'd'.repeat(201) })))).toEqual([m.descriptionTooLong]);
    expect(issues(transactionRowSchema.safeParse(transaction({ Description: 'two\nlines' })))).toEqual([m.controlCharacters('Description')]);
    expect(transactionRowSchema.safeParse(transaction({ Description: 'd'.repeat(200) })).success).toBe(true);
  });
});

describe('credit limit rows', () => {
  it('takes zero and positive credit lines, refusing a negative one', () => {
    expect(creditLimitRowSchema.parse({ AgentId: 'A1', Amount: '500' })).toEqual({ agentId: 'A1', creditLineCents: 50_000 });
    expect(creditLimitRowSchema.parse({ AgentId: 'A1', Amount: '0' })).toEqual({ agentId: 'A1', creditLineCents: 0 });
    expect(issues(creditLimitRowSchema.safeParse({ AgentId: 'A1', Amount: '-1' }))).toEqual([m.creditLineNegative]);
    expect(issues(creditLimitRowSchema.safeParse({ AgentId: '', Amount: '1.999' }))).toEqual([m.required('AgentId'), m.amount]);
  });
});

describe('reimburse rows', () => {
  it('reads a reimbursement and describes its ledger entry with the Code', () => {
    const row = reimburseRowSchema.parse({ Code: 'R-1', AgentId: 'A1', Amount: '12.5', Description: 'Lead 42 returned' });
    expect(row).toEqual({ code: 'R-1', agentId: 'A1', amountCents: 1_250, description: 'Lead 42 returned' });
    expect(reimbursementDescription(row)).toBe('Lead 42 returned (R-1)');
  });

  it('refuses a Code that is too long and an amount that is not positive', () => {
    expect(issues(reimburseRowSchema.safeParse({ Code: 'c'.repeat(65), AgentId: 'A1', Amount: '0', Description: 'x' }))).toEqual([m.codeTooLong, m.amountPositive]);
  });
});

describe('templates', () => {
  it('name exactly the columns of their kind and give one valid row', () => {
    const schemas = { creditLimit: creditLimitRowSchema, transaction: transactionRowSchema, reimburse: reimburseRowSchema } as const;
    for (const kind of ['creditLimit', 'transaction', 'reimburse'] as const) {
      const [header, example] = AGENT_UPLOAD_TEMPLATES[kind].trim().split('\r\n').map((line) => line.split(','));
      expect(header).toEqual([...AGENT_UPLOAD_COLUMNS[kind]]);
      expect(schemas[kind].safeParse(Object.fromEntries(header!.map((c, i) => [c, example![i]]))).success).toBe(true);
    }
  });
});
