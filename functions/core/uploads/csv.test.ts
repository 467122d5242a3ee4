import { describe, expect, it } from 'vitest';
import { columnIndexes, CsvSyntaxError, parseCsv, toCsv } from './csv.ts';

describe('parseCsv', () => {
  it('numbers records as spreadsheet rows, the header being row 1', () => {
    expect(parseCsv('Key,Min\nAge,18\nScore,0\n')).toEqual([
      { row: 1, fields: ['Key', 'Min'] },
      { row: 2, fields: ['Age', '18'] },
      { row: 3, fields: ['Score', '0'] },
    ]);
  });

  it('reads CRLF, LF and CR line ends alike, and a last record without a line end', () => {
    expect(parseCsv('a,b\r\nc,d\re,f\ng,h').map((r) => r.fields)).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']]);
  });

  it('ignores a UTF-8 byte-order mark', () => {
    expect(parseCsv('\uFEFFKey,Min\r\n')).toEqual([{ row: 1, fields: ['Key', 'Min'] }]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting such a record once', () => {
    const records = parseCsv('Key,Note\r\n"Age, years","say ""hi""\r\nthere"\r\nScore,x\r\n');
    expect(records).toEqual([
      { row: 1, fields: ['Key', 'Note'] },
      { row: 2, fields: ['Age, years', 'say "hi"\r\nthere'] },
      { row: 3, fields: ['Score', 'x'] },
    ]);
  });

  it('keeps empty fields and skips blank lines without renumbering the rows after them', () => {
    expect(parseCsv('a,,c\n\n\nd,e,\n')).toEqual([
      { row: 1, fields: ['a', '', 'c'] },
      { row: 4, fields: ['d', 'e', ''] },
    ]);
  });

  it('refuses a quoted value that is never closed, naming the row it starts on', () => {
    expect(() => parseCsv('Key\nAge\n"open,1\n2\n')).toThrow(new CsvSyntaxError(3));
    expect(() => parseCsv('Key\nAge\n"open,1\n2\n')).toThrow('Row 3: a quoted value is not closed.');
  });

  it('reads an empty file as no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\r\n')).toEqual([]);
  });
});

describe('toCsv', () => {
  it('quotes what needs quoting, ends lines with CRLF and reads back what it wrote', () => {
    const text = toCsv(['Key', 'Note'], [['Age, years', 'say "hi"'], ['Score', 12.5]]);
    expect(text).toBe('Key,Note\r\n"Age, years","say ""hi"""\r\nScore,12.5\r\n');
    expect(parseCsv(text).map((r) => r.fields)).toEqual([['Key', 'Note'], ['Age, years', 'say "hi"'], ['Score', '12.5']]);
  });

  it('keeps a spreadsheet from running a cell as a formula, but leaves negative numbers alone', () => {
    expect(toCsv(['a', 'b', 'c'], [['=SUM(A1)', '-5', '-cmd']])).toBe("a,b,c\r\n'=SUM(A1),-5,'-cmd\r\n");
  });
});

describe('columnIndexes', () => {
  it('finds each column in any order and case, and refuses a header missing, adding or repeating one', () => {
    expect(columnIndexes([' amount', 'AGENTID'], ['AgentId', 'Amount'])).toEqual({ AgentId: 1, Amount: 0 });
    expect(columnIndexes(['AgentId'], ['AgentId', 'Amount'])).toBeUndefined();
    expect(columnIndexes(['AgentId', 'Amount', 'Note'], ['AgentId', 'Amount'])).toBeUndefined();
    expect(columnIndexes(['AgentId', 'AgentId'], ['AgentId', 'Amount'])).toBeUndefined();
  });
});
