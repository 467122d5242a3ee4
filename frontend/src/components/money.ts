// Dollar amounts as the API sends them (numbers with at most two decimals), shown the spec's way.
import { formatUsd } from '#shared/money.ts';

/** 1234.5 → "$1,234.50". Rounding to whole cents absorbs the binary error of a JSON number. */
export function formatDollars(dollars: number): string {
  return formatUsd(Math.round(dollars * 100));
}
