// The partner Home (issue 24): the figures of the chosen range, two charts each with a caption in words
// and every figure in a table for screen readers, and the range choice; axe finds nothing wrong.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartnerFigures, PartnerSummary } from '#shared/api/partner-data.ts';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { HOME_TITLES, PartnerHomePage } from './home-page.tsx';

stubCallApi();

/** Noon in Chicago on March 30, 2026: the last 30 days are March 1 to 30. */
const NOW = new Date('2026-03-30T17:00:00Z');
const zero: PartnerFigures = { Posted: 0, Sold: 0, Unsold: 0, CallCenter: 0, Duplicate: 0, Rejected: 0, RejectedDoNotCall: 0, Returned: 0, SoldRevenue: 0, ReturnedRevenue: 0, Revenue: 0 };
const busy: PartnerFigures = { Posted: 10, Sold: 6, Unsold: 2, CallCenter: 1, Duplicate: 1, Rejected: 0, RejectedDoNotCall: 0, Returned: 1, SoldRevenue: 42, ReturnedRevenue: 7, Revenue: 35 };

function summary(from: string, to: string): PartnerSummary {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return { From: from, To: to, Days: days.map((Day) => ({ Day, ...(Day === '2026-03-29' ? busy : zero) })), Totals: busy };
}

beforeEach(() => {
  vi.mocked(callApi).mockReset();
  vi.mocked(callApi).mockImplementation((async (id: string, options: { query: { from: string; to: string } }) => {
    if (id === 'partner.summary') return summary(options.query.from, options.query.to);
    throw new Error(`unexpected call ${id}`);
  }) as never);
});

describe('the partner Home', () => {
  it('asks for the last 30 days on the Central calendar and sums them up in words, with a table of every day', async () => {
    renderWithProviders(<PartnerHomePage vendorId="V1" days={30} onDaysChange={() => undefined} now={NOW} />);
    expect(await screen.findByText('Last 30 days: 10 leads posted, 6 sold (60 %), 1 returned, revenue $35.00.')).toBeTruthy();
    expect(vi.mocked(callApi).mock.calls[0]).toEqual(['partner.summary', expect.objectContaining({ params: { vendorId: 'V1' }, query: { from: '2026-03-01', to: '2026-03-30' } })]);

    const outcomes = screen.getByRole('region', { name: HOME_TITLES.outcomes });
    within(outcomes).getByText(
      'Of 10 leads posted in the last 30 days, 6 sold (60 %), 2 unsold (20 %), 1 sent to the call center (10 %), 1 duplicate (10 %), 0 rejected (0 %); 1 of the sold leads were returned.',
    );
    const table = within(outcomes).getByRole('table', { name: 'Leads posted per day by outcome' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    within(table).getByRole('row', { name: '03/29/2026 10 6 2 1 1 0 0 1' });

    const revenue = screen.getByRole('region', { name: HOME_TITLES.revenue });
    within(revenue).getByText(
      'Revenue $35.00 in the last 30 days: $42.00 for 6 leads sold at your vendor price, less $7.00 for 1 lead returned; the best day was 03/29/2026 with $35.00.',
    );
    within(within(revenue).getByRole('table', { name: 'Revenue per day at your vendor price' })).getByRole('row', { name: '03/29/2026 6 $42.00 1 $7.00 $35.00' });
  });

  it('offers the last 7, 30 and 90 days', async () => {
    const onDaysChange = vi.fn();
    const { user } = renderWithProviders(<PartnerHomePage vendorId="V1" days={30} onDaysChange={onDaysChange} now={NOW} />);
    await screen.findByTestId('partner-headline');
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(onDaysChange).toHaveBeenCalledWith(7);
  });

  it('says so when the figures cannot be read', async () => {
    vi.mocked(callApi).mockRejectedValue(new Error('boom'));
    renderWithProviders(<PartnerHomePage vendorId="V1" days={7} onDaysChange={() => undefined} now={NOW} />);
    expect((await screen.findByRole('alert')).textContent).toBe('There was an error loading your figures.');
  });

  it('has nothing axe finds wrong', async () => {
    const { container } = renderWithProviders(<PartnerHomePage vendorId="V1" days={30} onDaysChange={() => undefined} now={NOW} />);
    await screen.findByTestId('partner-headline');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    // Contrast needs a layout the test DOM does not compute: the browser tests check it.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
