// Dollar amounts as the API sends them (numbers with at most two decimals), shown the spec's way.
import { formatUsd } from '#shared/money.ts';

/** 1234.5 → "$1,234.50". Rounding to whole cents absorbs the binary error of a JSON number. */
export function formatDollars(dollars: number): string {
  return formatUsd(Math.round(dollars * 100));
}

const AXIS_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** A chart axis's tick: 1500 → "$1,500", 2.5 → "$2.5" (a whole tick shows no cents). */
export function formatAxisDollars(dollars: number): string {
  return AXIS_DOLLARS.format(dollars);
}
