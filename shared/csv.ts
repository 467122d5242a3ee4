// The one way CSV files are written, in the browser and on the server: every export, report and upload
// report (papaparse, which both run). CRLF between lines (as spreadsheets expect), quotes only where a
// cell needs them (a comma, a quote, a line break, a space at either end, a byte-order mark), a leading
// quote on a cell a spreadsheet would run as a formula, and null or undefined as an empty cell. File
// names combine the subject and the day: `{Subject}-{MM-DD-YYYY}.csv` (spec: "CSV file names combine
// subject and date (MM-DD-YYYY)").
import Papa from 'papaparse';
import { COMPANY_TIME_ZONE, dayIn } from './time-zones.ts';

/** Cells a spreadsheet would run as a formula get a leading quote; plain negative numbers stay numbers. */
export const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

export const CSV_NEWLINE = '\r\n';

/** A cell as given: written as its text (String), null and undefined as an empty cell. */
export type CsvCell = string | number | boolean | null | undefined;
export type CsvRow = readonly CsvCell[];

export interface CsvOptions {
  /** End the last line with CRLF too (the upload reports always have; the exports never have). Default false. */
  finalNewline?: boolean;
  /**
   * Quote a cell given a leading quote, as papaparse does: `"'=SUM(A1)"` (default true). The upload
   * reports have always written it bare, `'=SUM(A1)`, quoted only when the cell needs it anyway.
   */
  quoteEscaped?: boolean;
}

const cellText = (cell: CsvCell): string => (cell === null || cell === undefined ? '' : String(cell));

/**
 * Lines without a header, joined by CRLF ('' for no rows): for a file written in chunks, header first.
 * Each row is written with as many cells as it has.
 */
export function csvLines(rows: readonly CsvRow[], options: CsvOptions = {}): string {
  const quoteEscaped = options.quoteEscaped ?? true;
  const data = rows.map((row) =>
    row.map((cell) => {
      const text = cellText(cell);
      // Papa quotes every cell it escapes; escaped here, a cell is quoted only when it needs it.
      return !quoteEscaped && FORMULA_START.test(text) ? `'${text}` : text;
    }),
  );
  const csv = Papa.unparse(data, { escapeFormulae: quoteEscaped ? FORMULA_START : false, newline: CSV_NEWLINE });
  return options.finalNewline && data.length > 0 ? csv + CSV_NEWLINE : csv;
}

/**
 * A CSV file: the header line, then one line per row (see csvLines). A file without rows is the header
 * line ending with CRLF, as papaparse has always written it for the exports.
 */
export function csvText(header: readonly string[], rows: readonly CsvRow[], options: CsvOptions = {}): string {
  const lines = csvLines([header, ...rows], { ...options, finalNewline: false });
  return options.finalNewline || rows.length === 0 ? lines + CSV_NEWLINE : lines;
}

/** `{subject}-{MM-DD-YYYY}.csv`, the day of `at` in the zone (the company's unless given). */
export function csvFileName(subject: string, at: Date, ianaZone: string = COMPANY_TIME_ZONE): string {
  const [year, month, day] = dayIn(at, ianaZone).split('-');
  return `${subject}-${month}-${day}-${year}.csv`;
}
