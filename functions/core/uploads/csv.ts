// Reading uploaded CSV files and writing report CSVs: RFC 4180 (quoted fields with commas, quotes and
// line breaks inside), any of CRLF, LF or CR between records, a UTF-8 byte-order mark ignored. Records
// are numbered as a spreadsheet numbers its rows (the header is row 1), which is what the row-numbered
// messages of an upload refer to.
import { csvText, type CsvRow } from '#shared/csv.ts';

export interface CsvRecord {
  /** 1 for the header; a record spanning lines (a quoted line break) counts once. */
  row: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(readonly row: number) {
    super(`Row ${row}: a quoted value is not closed.`);
    this.name = 'CsvSyntaxError';
  }
}

/** Every record of `text`; blank records are left out but keep their number. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let row = 1;
  let quoted = false;
  let quoteStartRow = 0;
  let sawAny = false;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '';
    if (!blank) records.push({ row, fields });
    fields = [];
    field = '';
    row++;
  };

  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    sawAny = true;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      // A quote opening a field (spaces before it are dropped, as spreadsheets write none).
      field = '';
      quoted = true;
      quoteStartRow = row;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      sawAny = false;
    } else field += c;
  }
  if (quoted) throw new CsvSyntaxError(quoteStartRow);
  if (sawAny || field !== '' || fields.length > 0) endRecord();
  return records;
}

/**
 * Where each of `columns` is in a header row (names trimmed, in any case and order), or undefined
 * unless the header names exactly those columns, each once.
 */
export function columnIndexes<C extends string>(fields: readonly string[], columns: readonly C[]): Record<C, number> | undefined {
  const names = fields.map((f) => f.trim().toLowerCase());
  if (names.length !== columns.length) return undefined;
  const indexes = {} as Record<C, number>;
  for (const column of columns) {
    const at = names.indexOf(column.toLowerCase());
    if (at < 0) return undefined;
    indexes[column] = at;
  }
  return indexes;
}

/**
 * An upload's report CSV, written by the one writer (shared/csv.ts) as the reports have always been:
 * every line ends with CRLF, the last one too, and a cell given a leading quote is quoted only when it
 * needs it for another reason (`'=SUM(A1)`, not `"'=SUM(A1)"`).
 */
export function toCsv(header: readonly string[], rows: readonly CsvRow[]): string {
  return csvText(header, rows, { finalNewline: true, quoteEscaped: false });
}
