// Checks every row of a price factor CSV (columns Key, Min, Max, Weight in any order): required
// values, numbers within their limits, Min not above Max, and no two ranges of one Key overlapping
// (ranges include both ends, so 18-24 and 24-30 overlap). Pure: the import applies only a file with
// no problem at all.
import {
  PRICE_FACTOR_COLUMNS,
  PRICE_FACTOR_KEY_MAX,
  PRICE_FACTOR_KEY_PATTERN,
  PRICE_FACTOR_MAX_ROWS,
  PRICE_FACTOR_RANGE_MAX,
  PRICE_FACTOR_WEIGHT_MAX,
  priceFactorMessages as m,
  type PriceFactorColumn,
} from '#shared/price-factors.ts';
import { columnIndexes, type CsvRecord } from '#core/uploads/csv.ts';

export interface PriceFactorRow {
  row: number;
  key: string;
  min: number;
  max: number;
  weight: number;
}

/** One data row as written in the file, with what is wrong with it (nothing, for a good row). */
export interface CheckedRow {
  row: number;
  values: Record<PriceFactorColumn, string>;
  problems: string[];
  parsed?: PriceFactorRow;
}

export type RowCheck =
  | { ok: true; rows: PriceFactorRow[]; checked: CheckedRow[] }
  | { ok: false; fileProblem?: string; checked: CheckedRow[]; messages: string[] };

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

function decimals(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function checkPriceFactorRows(records: CsvRecord[]): RowCheck {
  const [header, ...data] = records;
  const columns = header ? columnIndexes(header.fields, PRICE_FACTOR_COLUMNS) : undefined;
  if (!header || !columns) return { ok: false, fileProblem: m.header, checked: [], messages: [`Row ${header?.row ?? 1}: ${m.header}`] };
  if (data.length === 0) return { ok: false, fileProblem: m.noRows, checked: [], messages: [m.noRows] };
  if (data.length > PRICE_FACTOR_MAX_ROWS) return { ok: false, fileProblem: m.tooManyRows, checked: [], messages: [m.tooManyRows] };

  const checked = data.map((record) => checkRow(record, columns));
  for (const problem of overlaps(checked)) checked.find((c) => c.row === problem.row)!.problems.push(problem.message);

  const messages = checked.flatMap((c) => c.problems);
  if (messages.length > 0) return { ok: false, checked, messages };
  return { ok: true, rows: checked.map((c) => c.parsed!), checked };
}

function checkRow(record: CsvRecord, columns: Record<PriceFactorColumn, number>): CheckedRow {
  const { row, fields } = record;
  const values = Object.fromEntries(PRICE_FACTOR_COLUMNS.map((c) => [c, (fields[columns[c]] ?? '').trim()])) as Record<PriceFactorColumn, string>;
  const problems: string[] = [];
  if (fields.length !== PRICE_FACTOR_COLUMNS.length) return { row, values, problems: [m.fieldCount(row, fields.length)] };

  const key = values.Key;
  if (!key) problems.push(m.required(row, 'Key'));
  else if (key.length > PRICE_FACTOR_KEY_MAX) problems.push(m.keyTooLong(row));
  else if (!PRICE_FACTOR_KEY_PATTERN.test(key)) problems.push(m.keyCharacters(row));

  const number = (column: 'Min' | 'Max' | 'Weight', max: number, places: number): number | undefined => {
    const text = values[column];
    if (!text) return void problems.push(m.required(row, column));
    if (!NUMBER.test(text)) return void problems.push(m.notNumber(row, column));
    const value = Number(text);
    if (value < 0 || value > max || decimals(text) > places)
      return void problems.push(column === 'Weight' ? m.weightValue(row) : m.rangeValue(row, column));
    return value;
  };
  const min = number('Min', PRICE_FACTOR_RANGE_MAX, 2);
  const max = number('Max', PRICE_FACTOR_RANGE_MAX, 2);
  const weight = number('Weight', PRICE_FACTOR_WEIGHT_MAX, 4);
  if (min !== undefined && max !== undefined && min > max) problems.push(m.minAboveMax(row));

  const parsed = problems.length === 0 ? { row, key, min: min!, max: max!, weight: weight! } : undefined;
  return { row, values, problems, ...(parsed ? { parsed } : {}) };
}

/**
 * Rows whose range overlaps an earlier-starting range of the same Key. Sorted by Min, each range is
 * compared with the one reaching furthest so far, so a wide range covering several is caught too.
 * The message goes on the later row of the file and names the other.
 */
function overlaps(checked: CheckedRow[]): { row: number; message: string }[] {
  const byKey = new Map<string, PriceFactorRow[]>();
  for (const c of checked) if (c.parsed) byKey.set(c.parsed.key, [...(byKey.get(c.parsed.key) ?? []), c.parsed]);
  const found: { row: number; message: string }[] = [];
  for (const [key, ranges] of byKey) {
    const sorted = [...ranges].sort((a, b) => a.min - b.min || a.row - b.row);
    let widest: PriceFactorRow | undefined;
    for (const range of sorted) {
      if (widest && range.min <= widest.max) {
        const [later, earlier] = range.row > widest.row ? [range.row, widest.row] : [widest.row, range.row];
        found.push({ row: later, message: m.overlap(later, key, earlier) });
      }
      if (!widest || range.max > widest.max) widest = range;
    }
  }
  return found;
}
