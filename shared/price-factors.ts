// Price factors (spec part 3 §3 "Price factor": Key, Min, Max, Weight, ...) and the rules their CSV
// upload is checked by. The spec gives no messages for these rows, so the words are ours (docs/api.md,
// Decisions); browser and server share them.

/** The upload's columns, in the template's order (matched case-insensitively, in any order). */
export const PRICE_FACTOR_COLUMNS = ['Key', 'Min', 'Max', 'Weight'] as const;
export type PriceFactorColumn = (typeof PRICE_FACTOR_COLUMNS)[number];

/** Spec part 3 §9: the table shows 20 a page. */
export const PRICE_FACTORS_PAGE_SIZE = 20;
/** More rows than any rating table needs; the whole set is read by one Query and shown in the browser. */
export const PRICE_FACTOR_MAX_ROWS = 5_000;
export const PRICE_FACTOR_KEY_MAX = 50;
/** Min and Max: 0 to this, at most 2 decimals (ages, scores, incomes in dollars). */
export const PRICE_FACTOR_RANGE_MAX = 999_999_999.99;
/** Weight: a multiplier from 0 to this, at most 4 decimals. */
export const PRICE_FACTOR_WEIGHT_MAX = 100;

/** The template the screen offers for download: the header and two example rows. */
export const PRICE_FACTOR_TEMPLATE = 'Key,Min,Max,Weight\r\nAge,18,24,0.85\r\nAge,25,34,1\r\n';

export const priceFactorMessages = {
  header: `The first row must name the columns ${PRICE_FACTOR_COLUMNS.join(', ')}.`,
  noRows: 'The file has no price factor rows.',
  tooManyRows: `A price factor file may have at most ${PRICE_FACTOR_MAX_ROWS.toLocaleString('en-US')} rows.`,
  fieldCount: (row: number, found: number) => `Row ${row}: expected ${PRICE_FACTOR_COLUMNS.length} values, found ${found}.`,
  required: (row: number, column: PriceFactorColumn) => `Row ${row}: ${column} is required.`,
  keyTooLong: (row: number) => `Row ${row}: Key must be at most ${PRICE_FACTOR_KEY_MAX} characters.`,
  keyCharacters: (row: number) => `Row ${row}: Key may contain only letters, digits, spaces and . _ - / ( ).`,
  notNumber: (row: number, column: PriceFactorColumn) => `Row ${row}: ${column} must be a number.`,
  rangeValue: (row: number, column: 'Min' | 'Max') =>
    `Row ${row}: ${column} must be between 0 and ${PRICE_FACTOR_RANGE_MAX.toLocaleString('en-US')} with at most 2 decimals.`,
  weightValue: (row: number) => `Row ${row}: Weight must be between 0 and ${PRICE_FACTOR_WEIGHT_MAX} with at most 4 decimals.`,
  minAboveMax: (row: number) => `Row ${row}: Min cannot be greater than Max.`,
  overlap: (row: number, key: string, other: number) => `Row ${row}: the ${key} range overlaps the range on row ${other}.`,
} as const;

/** Characters a Key may hold: readable names, no separators the storage key or a CSV would trip on. */
export const PRICE_FACTOR_KEY_PATTERN = /^[A-Za-z0-9 ._\-/()]+$/;
