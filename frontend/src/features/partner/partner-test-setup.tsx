// What the partner portal's component tests share: the phone layout, a page's URL search params held
// in state as the router holds them, a signed-in vendor user (/me) of either role, and axe's findings.
// Each test file mocks '@/api/client.ts' itself (vi.mock is hoisted per file); the helpers below
// answer and read that mock's calls.
import axe from 'axe-core';
import { type ReactElement, Suspense, useState } from 'react';
import { onTestFinished, vi } from 'vitest';
import type { z } from 'zod';
import type { MeDto } from '#shared/api/me.ts';
import { callApi } from '@/testing/api-stub.ts';
import { meQueryOptions } from '@/api/get-me.ts';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import type { SetSearch } from '@/components/server-table.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithProviders } from '@/testing/render.tsx';

// mantine-datatable scrolls its viewport back to the top on a page change; the test DOM has no scrolling.
Element.prototype.scrollTo ??= () => undefined;

/** The phone layout: one card a row, its cells rendered (the wide table's cells are drawn through CSS media queries the test DOM does not run). */
export function onPhone() {
  const desktop = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY });
  onTestFinished(() => void (window.matchMedia = desktop));
}

/** A page's search params as the route gives them: `url` parsed by the route's schema, kept in state. */
export function useTestSearch<S>(schema: z.ZodType<S, unknown>, url: Record<string, unknown>): [S, SetSearch<S>] {
  const [search, setSearchState] = useState<S>(() => schema.parse(url));
  const setSearch: SetSearch<S> = (update) => setSearchState(update);
  return [search, setSearch];
}

/** What a route's call was given (only what the tests read of it). */
interface CallOptions {
  query?: Record<string, unknown>;
}

/** The mocked callApi answers these routes (by route id) and fails on any other. */
export function answerCalls(answers: Record<string, (options: CallOptions) => unknown>) {
  vi.mocked(callApi).mockReset();
  vi.mocked(callApi).mockImplementation((async (id: string, options: CallOptions) => {
    const answer = answers[id];
    if (!answer) throw new Error(`unexpected call ${id}`);
    return answer(options);
  }) as never);
}

/** The queries the mocked callApi was asked with for route `id`, in order. */
export const queriesOf = (id: string) => vi.mocked(callApi).mock.calls.filter(([called]) => called === id).map(([, o]) => (o as { query: Record<string, unknown> }).query);

/** One page holding `rows`, as the partner portal's list routes answer it. */
export const pageOf = <R,>(rows: R[]) => ({ Data: rows, Pages: 1, TotalCount: rows.length });

/** /me of a user of `vendorId` with `role` there. */
export const vendorMe = (vendorId: string, role: 'admin' | 'readOnly', email = 'v@acme.example.com'): MeDto => ({
  AgentId: null,
  Name: 'Vendor User',
  EmailAddress: email,
  Permissions: [],
  Account: null,
  IsSalesAssistant: false,
  IsSponsorAgent: false,
  IsFundPreview: false,
  IsAdmin: false,
  Roles: role === 'admin' ? ['vendor', 'vendorAdmin'] : ['vendor'],
  Kind: 'vendor',
  Vendor: { VendorId: vendorId, Name: 'Acme Leads', Role: role },
});

/** Renders a screen that reads /me (suspending until it is there) for the signed-in `me`. */
export function renderSignedIn(me: MeDto, ui: ReactElement) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryOptions.queryKey, me);
  return renderWithProviders(<Suspense fallback="loading">{ui}</Suspense>, { queryClient });
}

/** What axe finds wrong in `root` (colour contrast aside: the test DOM computes no colours), one line each. */
export async function axeFindings(root: Element): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
