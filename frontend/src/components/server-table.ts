// The server-table kit: a paged table's page, sort and filters live in the URL's search params,
// parsed by the route's zod schema (built from the pieces below), so a reload, a shared link or the
// back button shows the same rows. useServerTable turns those params into what a DataTable takes and
// writes changes back to the URL: a new sort or applied filter starts again at page 1, and filter
// text reaches the URL only once typing pauses, so keystrokes send no requests of their own.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { z } from 'zod';

/**
 * `?page=`: 1-based. `.default()` rather than `.catch()`, so links may leave it out (a `.catch()`
 * makes the param required in TanStack Router's link types).
 */
export const pageSearchSchema = z.object({ page: z.number().int().min(1).max(1_000_000).default(1) });

/** `?sort=&desc=`: one of the table's sortable columns, ascending unless `desc`. */
export const sortSearchSchema = <const C extends readonly [string, ...string[]]>(columns: C, defaultColumn: C[number]) =>
  z.object({ sort: z.enum(columns).default(defaultColumn), desc: z.boolean().default(false) });

/** A column filter's text in the URL (empty when not filtering), as long as the filter field allows. */
export const filterSearch = z.string().max(100).default('');

export interface PageSearch {
  page: number;
}
export interface SortSearch<C extends string = string> {
  sort: C;
  desc: boolean;
}

/** Writes the next search params (replacing the history entry: paging is not a new page). */
export type SetSearch<S> = (update: (current: S) => S) => void;

export interface ServerTableOptions<S extends PageSearch, F extends keyof S & string> {
  search: S;
  setSearch: SetSearch<S>;
  /** The search keys edited in filter fields; their text is applied after `debounceMs`. */
  filterKeys?: readonly F[];
  debounceMs?: number;
}

export function useServerTable<S extends PageSearch & Partial<SortSearch>, F extends keyof S & string = never>({
  search,
  setSearch,
  filterKeys = [],
  debounceMs = 500,
}: ServerTableOptions<S, F>) {
  const urlFilters = pick(search, filterKeys);
  const [draft, setDraft] = useState(urlFilters);
  const [seenUrlFilters, setSeenUrlFilters] = useState(urlFilters);
  // The URL's filters changed from outside (back button, a link): the fields show them.
  if (!sameValues(seenUrlFilters, urlFilters)) {
    setSeenUrlFilters(urlFilters);
    setDraft(urlFilters);
  }
  const [debounced] = useDebouncedValue(draft, debounceMs);

  useEffect(() => {
    if (sameValues(debounced, pick(search, filterKeys))) return;
    setSearch((current) => ({ ...current, ...debounced, page: 1 }));
    // Only a new debounced draft is a reason to write the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return {
    page: search.page,
    setPage: (page: number) => setSearch((current) => ({ ...current, page })),
    /** For tables whose search has `sort` (sortSearchSchema); empty otherwise. */
    sortStatus: { columnAccessor: search.sort ?? '', direction: search.desc ? ('desc' as const) : ('asc' as const) },
    setSortStatus: (status: { columnAccessor: PropertyKey; direction: 'asc' | 'desc' }) =>
      setSearch((current) => ({ ...current, sort: String(status.columnAccessor), desc: status.direction === 'desc', page: 1 })),
    /** The text in each filter field (ahead of the URL while typing). */
    filterText: draft,
    setFilterText: (key: F, value: string) => setDraft((current) => ({ ...current, [key]: value })),
    /** The filters the rows were asked for: the URL's. */
    appliedFilters: urlFilters,
  };
}

function pick<S, F extends keyof S & string>(search: S, keys: readonly F[]): Record<F, string> {
  return Object.fromEntries(keys.map((key) => [key, String(search[key] ?? '')])) as Record<F, string>;
}

function sameValues(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}
