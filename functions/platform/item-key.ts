// The key attributes of a table item, a Query's key condition, and the text helpers every key is
// built with. The key shapes themselves live with their entities (functions/entities/);
// docs/data-model.md lists them.
//
// Conventions: `pk`/`sk` on the table, `gsiNpk`/`gsiNsk` on the three overloaded indexes (all
// project ALL). Prefixes are UPPER_SNAKE entity names; times are UTC ISO-8601 strings, which sort
// as text; numbers that must sort are zero-padded; names in sort keys are lower-cased so that a
// prefix search is case-insensitive. A time range [from, to) is `between PREFIX#from and PREFIX#to`:
// every time-keyed sort key carries a `#id` suffix after the time, so an item at exactly `to`
// sorts after `PREFIX#to` and is left out, and one at exactly `from` is kept.
import type { IndexName } from './table-definition.ts';

/** The key attributes an item may carry. Absent index keys keep the item out of that (sparse) index. */
export interface ItemKeys {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
  gsi3pk?: string;
  gsi3sk?: string;
}

/** The primary key of one item. */
export interface ItemKey {
  pk: string;
  sk: string;
}

export type SortCondition =
  | { eq: string }
  | { beginsWith: string }
  | { between: readonly [string, string] }
  | { lt: string }
  | { lte: string }
  | { gt: string }
  | { gte: string };

/** A Query's key condition: the partition (on the table or an index) and an optional sort-key test. */
export interface KeyQuery {
  index?: IndexName;
  pk: string;
  sk?: SortCondition;
}

export const lower = (text: string) => text.trim().toLowerCase();
/** Zero-padded so numbers sort as text. */
export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The half-open time range [from, to) over keys `prefix{time}#{id}`. */
export const timeRange = (prefix: string, from: string, to: string): SortCondition => ({
  between: [`${prefix}${from}`, `${prefix}${to}`],
});
