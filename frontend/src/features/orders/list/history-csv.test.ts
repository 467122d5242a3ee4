import { describe, expect, it } from 'vitest';
import { csvFileName, filterRows, historyCsv, shortList, type HistoryColumn } from './history-csv.ts';

interface Row {
  who: string;
  note: string;
}
const COLUMNS: HistoryColumn<Row>[] = [
  { title: 'User', text: (r) => r.who },
  { title: 'Description', text: (r) => r.note },
];
const ROWS: Row[] = [
  { who: 'carlos', note: 'Paused, for now' },
  { who: 'admin', note: 'Cancelled "old" order' },
];

describe('history rows as text', () => {
  it('the filter matches any column, ignoring case', () => {
    expect(filterRows(ROWS, COLUMNS, 'ADMIN')).toEqual([ROWS[1]]);
    expect(filterRows(ROWS, COLUMNS, 'paused')).toEqual([ROWS[0]]);
    expect(filterRows(ROWS, COLUMNS, '  ')).toEqual(ROWS);
  });

  it('the CSV has the column titles and quotes what needs quoting', () => {
    expect(historyCsv(ROWS, COLUMNS)).toBe('User,Description\r\ncarlos,"Paused, for now"\r\nadmin,"Cancelled ""old"" order"');
  });

  it('the file name is the subject and the day MM-DD-YYYY in the account time zone', () => {
    // 03:30 UTC on March 6 is still March 5 in Eastern (and the default Central) time.
    const now = new Date('2026-03-06T03:30:00Z');
    expect(csvFileName('Order 1042 Status History', now, 'Eastern')).toBe('Order-1042-Status-History-03-05-2026.csv');
    expect(csvFileName('Order 1042 Status History', now, null)).toBe('Order-1042-Status-History-03-05-2026.csv');
  });

  it('a long list is cut for the table cell with how many more it holds', () => {
    const zips = Array.from({ length: 12 }, (_, i) => String(60601 + i));
    expect(shortList(zips.slice(0, 3))).toBe('60601, 60602, 60603');
    expect(shortList(zips)).toBe('60601, 60602, 60603, 60604, 60605, 60606, 60607, 60608, 60609, 60610 (+2 more)');
  });
});
