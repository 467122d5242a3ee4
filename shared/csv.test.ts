import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileName, csvLines, csvText, FORMULA_START } from './csv.ts';

describe('csvText', () => {
  it('gives a cell a spreadsheet would run as a formula a leading quote, and quotes it', () => {
    expect(csvText(['a', 'b', 'c', 'd', 'e'], [['=SUM(A1)', '+1', '@cmd', '-cmd', '\tx']])).toBe(`a,b,c,d,e\r\n"'=SUM(A1)","'+1","'@cmd","'-cmd","'\tx"`);
    expect(csvText(['=Header'], [['x']])).toBe(`"'=Header"\r\nx`);
  });

  it('leaves plain negative numbers alone, as text or as numbers', () => {
    expect(csvText(['a', 'b', 'c', 'd'], [['-5', '-12.50', -3, -0.25]])).toBe('a,b,c,d\r\n-5,-12.50,-3,-0.25');
    expect(FORMULA_START.test('-5')).toBe(false);
    expect(FORMULA_START.test('-5-')).toBe(true);
    expect(FORMULA_START.test('-.5')).toBe(true);
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvText(['Note'], [['Paused, for now'], ['say "hi"'], ['two\nlines'], ['a\r\nb']])).toBe(
      'Note\r\n"Paused, for now"\r\n"say ""hi"""\r\n"two\nlines"\r\n"a\r\nb"',
    );
  });

  it('ends lines with CRLF and the last line with nothing', () => {
    const text = csvText(['a', 'b'], [['1', '2'], ['3', '4']]);
    expect(text).toBe('a,b\r\n1,2\r\n3,4');
    expect(text.split('\r\n')).toHaveLength(3);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes null and undefined as empty cells, numbers and booleans as their text', () => {
    expect(csvText(['a', 'b', 'c', 'd', 'e'], [[null, undefined, 0, 12.5, true]])).toBe('a,b,c,d,e\r\n,,0,12.5,true');
  });

  it('is the header line ending with CRLF for no rows (as papaparse wrote the exports), and reads back what it wrote', () => {
    expect(csvText(['Lead ID', 'Date'], [])).toBe('Lead ID,Date\r\n');
    expect(csvText(['Lead ID', 'Date'], [], { finalNewline: true })).toBe('Lead ID,Date\r\n');
    const rows = [['1042', 'Paused, for now'], ['1043', 'say "hi"']];
    expect(Papa.parse(csvText(['Id', 'Note'], rows), { newline: '\r\n' }).data).toEqual([['Id', 'Note'], ...rows]);
  });

  it('as the upload reports write: the last line ends with CRLF and an escaped cell is quoted only when it needs it', () => {
    const options = { finalNewline: true, quoteEscaped: false };
    expect(csvText(['a', 'b', 'c'], [['=SUM(A1)', '-5', '-cmd']], options)).toBe("a,b,c\r\n'=SUM(A1),-5,'-cmd\r\n");
    expect(csvText(['a'], [['=A1,B1']], options)).toBe(`a\r\n"'=A1,B1"\r\n`);
    expect(csvText(['Key', 'Note'], [['Age, years', 'say "hi"'], ['Score', 12.5]], options)).toBe('Key,Note\r\n"Age, years","say ""hi"""\r\nScore,12.5\r\n');
  });
});

describe('csvLines', () => {
  it('writes rows without a header, joined by CRLF, so a file can be written in chunks', () => {
    expect(csvLines([['Agent ID', 'Name']])).toBe('Agent ID,Name');
    expect(csvLines([['A1', '=x'], ['A2', 'y']])).toBe(`A1,"'=x"\r\nA2,y`);
    expect(csvLines([])).toBe('');
    expect(csvLines([], { finalNewline: true })).toBe('');
  });
});

describe('csvFileName', () => {
  // 04:30 UTC on June 1 is 11:30 pm on May 31 in Central (the company's zone), 12:30 am June 1 in Eastern.
  const nearMidnight = new Date('2026-06-01T04:30:00Z');

  it("is the subject and the day MM-DD-YYYY in the company's zone unless another is given", () => {
    expect(csvFileName('AllLeads', nearMidnight)).toBe('AllLeads-05-31-2026.csv');
    expect(csvFileName('AllLeads', nearMidnight, 'America/Chicago')).toBe('AllLeads-05-31-2026.csv');
    expect(csvFileName('Transactions-A000002', nearMidnight, 'America/New_York')).toBe('Transactions-A000002-06-01-2026.csv');
    expect(csvFileName('Agents', nearMidnight, 'UTC')).toBe('Agents-06-01-2026.csv');
  });

  it("turns with the zone's midnight, not UTC's", () => {
    expect(csvFileName('Orders', new Date('2026-06-01T05:00:00Z'))).toBe('Orders-06-01-2026.csv'); // midnight CDT
    expect(csvFileName('Orders', new Date('2026-06-01T04:59:59Z'))).toBe('Orders-05-31-2026.csv');
    expect(csvFileName('Orders', new Date('2026-01-01T05:59:59Z'))).toBe('Orders-12-31-2025.csv'); // CST, a year earlier
  });
});
