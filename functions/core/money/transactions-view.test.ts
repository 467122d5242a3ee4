import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import type { LedgerEntry } from '#entities/ledger-entry.ts';
import { dayRange, exportFileName, transactionsCsv } from './transactions-view.ts';

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  entryId: 'e1',
  agentId: 'A000002',
  at: '2026-03-08T15:00:00.000Z',
  type: 'FundsTransfer',
  description: 'Transfer',
  creditCents: 0,
  debitCents: 0,
  balanceAfterCents: 0,
  ...over,
});

describe('dayRange', () => {
  it('runs from midnight of the start day to midnight after the end day in the account time zone', () => {
    expect(dayRange('2026-01-05', '2026-01-09', 'America/Chicago')).toEqual({
      from: '2026-01-05T06:00:00.000Z',
      to: '2026-01-10T06:00:00.000Z',
    });
  });

  it('follows a daylight saving change inside the range', () => {
    // Central time springs forward on 8 March 2026: the range ends at midnight CDT (UTC-5).
    expect(dayRange('2026-03-07', '2026-03-08', 'America/Chicago')).toEqual({
      from: '2026-03-07T06:00:00.000Z',
      to: '2026-03-09T05:00:00.000Z',
    });
  });

  it('covers one whole day when start and end are the same, in a zone without daylight saving', () => {
    expect(dayRange('2026-07-01', '2026-07-01', 'Pacific/Honolulu')).toEqual({
      from: '2026-07-01T10:00:00.000Z',
      to: '2026-07-02T10:00:00.000Z',
    });
  });
});

describe('transactionsCsv', () => {
  const csv = transactionsCsv({
    agentId: 'A000002',
    ianaZone: 'America/New_York',
    startingCents: 10_000,
    endingCents: 9_000,
    entries: [
      entry({ at: '2026-03-08T15:00:05.000Z', description: 'Lead, "premium"', type: 'LeadSpend', debitCents: 2_000, balanceAfterCents: 8_000 }),
      entry({ at: '2026-03-09T01:00:00.000Z', description: '=HYPERLINK("x")', type: 'LeadCredit', creditCents: 1_000, balanceAfterCents: 9_000 }),
    ],
  });
  const rows = Papa.parse<string[]>(csv.trim()).data;

  it('has the table columns, a starting balance row, the rows oldest first and an ending balance row', () => {
    expect(rows[0]).toEqual(['Agent ID', 'Date', 'Description', 'Type', 'Credit', 'Debit', 'Balance']);
    expect(rows[1]).toEqual(['A000002', '', 'Starting Balance', '', '', '', '100.00']);
    expect(rows[2]).toEqual(['A000002', '3/8/2026, 11:00:05 AM', 'Lead, "premium"', 'LeadSpend', '', '20.00', '80.00']);
    expect(rows[4]).toEqual(['A000002', '', 'Ending Balance', '', '', '', '90.00']);
    expect(rows).toHaveLength(5);
  });

  it('shows times in the account time zone', () => {
    expect(rows[3]![1]).toBe('3/8/2026, 9:00:00 PM');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(rows[3]![2]).toBe(`'=HYPERLINK("x")`);
  });
});

describe('exportFileName', () => {
  it('names the subject and the export day (MM-DD-YYYY) in the account time zone', () => {
    // 03:30 UTC on 1 May is still 30 April in Los Angeles.
    expect(exportFileName('A000002', new Date('2026-05-01T03:30:00Z'), 'America/Los_Angeles')).toBe('Transactions-A000002-04-30-2026.csv');
  });
});
