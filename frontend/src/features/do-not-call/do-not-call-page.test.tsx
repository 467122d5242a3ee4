// The Do-Not-Call Lists page (issue 24): each list with its count, state and last upload; switching a
// list off calls the server with the list's id; the upload asks for a ticket with the list's name and
// the mode chosen; a bad name keeps Upload disabled with the shared message; the leads refused over the
// last 30 days, in all and by vendor; and axe finds nothing wrong with the page.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client.ts';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import type { DncListDto, DncRefusalsDto } from '#shared/api/do-not-call.ts';
import { dncMessages } from '#shared/do-not-call.ts';
import { DoNotCallPage, refusalsLine, refusalsRange } from './do-not-call-page.tsx';

stubCallApi();

const LISTS: DncListDto[] = [
  {
    ListId: 'internal',
    Name: 'Internal',
    Active: true,
    Count: 1250,
    LastUpload: { UploadId: 'U1', FileName: 'internal.csv', Mode: 'replace', At: '2026-12-01T15:00:00.000Z', By: 'admin@example.com', Status: 'Succeeded' },
    Updated: '2026-12-01T15:01:00.000Z',
  },
  { ListId: 'litigators', Name: 'Litigators', Active: false, Count: 0, LastUpload: null, Updated: '2026-12-01T15:00:00.000Z' },
];

/** 1 December 2026, 03:00 UTC: still 30 November in Central. */
const NOW = new Date('2026-12-01T03:00:00.000Z');
const REFUSALS: DncRefusalsDto = {
  From: '2026-11-01',
  To: '2026-11-30',
  Refused: 14,
  Posted: 4310,
  Vendors: [
    { VendorId: 'V1', Name: 'Northwind Data', Refused: 12, Posted: 3000 },
    { VendorId: 'V2', Name: 'ACME Leads', Refused: 2, Posted: 1310 },
  ],
};

/** The List name field's input (its suggestions list carries the same label). */
const nameInput = async () => (await screen.findAllByLabelText('List name')).find((el): el is HTMLInputElement => el instanceof HTMLInputElement)!;
const calls = (id: string) => vi.mocked(callApi).mock.calls.filter(([route]) => route === id);

function serve(lists: DncListDto[]) {
  vi.mocked(callApi).mockImplementation((async (id: string, options?: { body?: { Active?: boolean }; params?: { listId: string } }) => {
    if (id === 'campaigns.doNotCallLists') return lists;
    if (id === 'campaigns.doNotCallRefusals') return REFUSALS;
    if (id === 'campaigns.doNotCallList') return { ...lists.find((l) => l.ListId === options?.params?.listId)!, Active: options?.body?.Active ?? false };
    // The ticket is refused here: what matters is what was asked for (the PUT and the job are the integration tests').
    if (id === 'campaigns.doNotCallUpload') throw new ApiError(409, [dncMessages.tooManyActive]);
    throw new Error(`unexpected call ${id}`);
  }) as unknown as typeof callApi);
}

const renderPage = () =>
  renderWithRouter(() => (
    <Suspense fallback="Loading">
      <DoNotCallPage timeZone="America/Chicago" now={NOW} />
    </Suspense>
  ));

describe('the Do-Not-Call Lists page', () => {
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
  });

  it('shows each list with its count, its state and its last upload', async () => {
    serve(LISTS);
    await renderPage();
    const internal = await screen.findByRole('article', { name: 'Internal' });
    expect(within(internal).getByText('1,250 numbers')).toBeTruthy();
    expect(within(internal).getByText('Active')).toBeTruthy();
    expect(within(internal).getByText(/internal\.csv \(replace\)/)).toBeTruthy();
    expect(within(internal).getByText('Succeeded')).toBeTruthy();
    const litigators = screen.getByRole('article', { name: 'Litigators' });
    expect(within(litigators).getByText('Inactive')).toBeTruthy();
    expect(within(litigators).getByText('No upload yet.')).toBeTruthy();
  });

  it('switches a list off by its id', async () => {
    serve(LISTS);
    const { user } = await renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Refuse leads on Internal' }));
    await waitFor(() => expect(calls('campaigns.doNotCallList')).toHaveLength(1));
    expect(calls('campaigns.doNotCallList')[0]![1]).toMatchObject({ params: { listId: 'internal' }, body: { Active: false } });
  });

  it('keeps Upload disabled until the list name is valid, saying why', async () => {
    serve(LISTS);
    const { user } = await renderPage();
    const name = await nameInput();
    await user.type(name, '!!');
    expect(screen.getByText(dncMessages.listName)).toBeTruthy();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['Phone\n3125550142\n'], 'dnc.csv', { type: 'text/csv' }));
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks for a ticket with the list name and the mode chosen', async () => {
    serve(LISTS);
    const { user } = await renderPage();
    await user.type(await nameInput(), 'National DNC');
    await user.click(screen.getByRole('radio', { name: 'Add this file to the list' }));
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['Phone\n3125550142\n'], 'national.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls('campaigns.doNotCallUpload')).toHaveLength(1));
    expect(calls('campaigns.doNotCallUpload')[0]![1]).toMatchObject({ body: { FileName: 'national.csv', ListName: 'National DNC', Mode: 'add' } });
    expect(await screen.findByText(dncMessages.tooManyActive)).toBeTruthy();
  });

  it('counts the leads refused over the last 30 days (Central), in all and by vendor, each vendor linking to its partner Home', async () => {
    serve(LISTS);
    await renderPage();
    const card = await screen.findByRole('region', { name: 'Leads refused' });
    await within(card).findByText('Last 30 days (Central): 14 of 4,310 leads posted were refused as do not call.');
    expect(calls('campaigns.doNotCallRefusals')[0]![1]).toMatchObject({ query: { from: '2026-11-01', to: '2026-11-30' } });
    const table = within(card).getByRole('table', { name: 'Leads refused by vendor' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Northwind Data', '12', '3,000'],
      ['ACME Leads', '2', '1,310'],
    ]);
    expect(within(table).getByRole('link', { name: 'Northwind Data' }).getAttribute('href')).toBe('/partner/V1');
  });

  it('says so when no lead was refused', () => {
    expect(refusalsLine({ Refused: 0, Posted: 12 })).toBe('Last 30 days (Central): no lead was refused as do not call (12 posted).');
    expect(refusalsLine({ Refused: 1, Posted: 12 })).toBe('Last 30 days (Central): 1 of 12 leads posted was refused as do not call.');
    expect(refusalsRange(new Date('2026-12-01T12:00:00.000Z'))).toEqual({ from: '2026-11-02', to: '2026-12-01' });
  });

  it('has labelled controls that axe finds nothing wrong with', async () => {
    serve(LISTS);
    const { container } = await renderPage();
    await screen.findByRole('article', { name: 'Internal' });
    // Contrast needs a layout the test DOM does not compute: the browser tests check it.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
