import { describe, expect, it } from 'vitest';
import type { TransactionRow, TransactionsPage } from './api/get-transactions.ts';
import { countLine, pagerText, tableRows } from './transaction-table-rows.ts';

const row = (n: number): TransactionRow => ({
  AgentId: 'A1',
  TimeStamp: `2026-03-0${(n % 9) + 1}T12:00:00.000Z`,
  Description: `Entry ${n}`,
  Type: 'LeadSpend',
  AmountCleared: -1,
  Credit: 0,
  Debit: 1,
  RunningTotal: 100 - n,
  EndingBalance: 100 - n,
});

const pageOf = (p: Partial<TransactionsPage> & Pick<TransactionsPage, 'Page' | 'TotalCount'>, count: number): TransactionsPage => ({
  AgentId: 'A1',
  StartDate: '2026-03-01',
  EndDate: '2026-03-09',
  TimeZone: 'Central',
  StartingBalance: 100,
  EndingBalance: 40,
  PageSize: 25,
  TotalPages: Math.ceil(p.TotalCount / 25),
  Transactions: Array.from({ length: count }, (_, i) => row(i)),
  ...p,
});

const kinds = (page: TransactionsPage) => tableRows(page).map((r) => (r.kind === 'balance' ? r.label : 'row'));

describe('the rows of the transaction table', () => {
  it('frames a single page with the starting and ending balance rows', () => {
    expect(kinds(pageOf({ Page: 1, TotalCount: 2 }, 2))).toEqual(['Starting Balance', 'row', 'row', 'Ending Balance']);
  });

  it('opens only the first page and closes only the last one', () => {
    expect(kinds(pageOf({ Page: 1, TotalCount: 60 }, 25)).filter((k) => k !== 'row')).toEqual(['Starting Balance']);
    expect(kinds(pageOf({ Page: 2, TotalCount: 60 }, 25)).filter((k) => k !== 'row')).toEqual([]);
    expect(kinds(pageOf({ Page: 3, TotalCount: 60 }, 10)).filter((k) => k !== 'row')).toEqual(['Ending Balance']);
  });

  it('shows both balances for a range without transactions', () => {
    const rows = tableRows(pageOf({ Page: 1, TotalCount: 0 }, 0));
    expect(rows).toMatchObject([
      { kind: 'balance', label: 'Starting Balance', balance: 100 },
      { kind: 'balance', label: 'Ending Balance', balance: 40 },
    ]);
  });
});

describe('the count line', () => {
  it("says 'No transactions found' for none and counts the rest", () => {
    expect(countLine(0)).toBe('No transactions found');
    expect(countLine(1)).toBe('1 transaction found');
    expect(countLine(42)).toBe('42 transactions found');
  });
});

describe('the pager line', () => {
  it('counts transactions only, never the balance rows', () => {
    expect(pagerText({ Page: 1, PageSize: 25, TotalCount: 3 })).toBe('1 - 3 of 3');
    expect(pagerText({ Page: 3, PageSize: 25, TotalCount: 60 })).toBe('51 - 60 of 60');
    expect(pagerText({ Page: 1, PageSize: 25, TotalCount: 0 })).toBe('');
  });
});
