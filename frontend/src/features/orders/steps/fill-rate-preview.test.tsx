// The fill-rate preview on Review Order: the server's estimate with its basis, the plain no-history
// sentence, and a failure that says the estimate is unavailable (saving is never held up by it).
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILL_RATE_TEXTS, type FillRateBody, type FillRateDto } from '#shared/api/fill-rate.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { FillRatePreview } from './fill-rate-preview.tsx';

const body: FillRateBody = {
  Flow: 'fund', SelectedFunds: ['F1'], StatesOnly: true, States: [{ StateAbbreviation: 'IL' }], ZipCodes: [], MaxPerMonth: 100,
  OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: ['Monday'] }],
};
const answer = (over: Partial<FillRateDto> = {}): FillRateDto => ({
  LeadsPerWeek: 2.5, UncappedLeadsPerWeek: 2.5, MatchingLeads: 20, CompetingOrders: 1, HasHistory: true, Sampled: false, LeadsRead: 40,
  From: '2026-02-01T00:00:00.000Z', To: '2026-03-01T00:00:00.000Z', Basis: FILL_RATE_TEXTS.basis('2.5', 20, 1), ...over,
});

function serve(status: number, json: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('FillRatePreview', () => {
  it('posts the draft for the agent and shows leads per week with its basis and the formula', async () => {
    const fetch = serve(200, answer());
    renderWithProviders(<FillRatePreview agentId="A000001" body={body} />);
    expect(await screen.findByText('2.5 leads/week')).toBeTruthy();
    expect(screen.getByText('2.5 leads/week: 20 matching leads in the last 4 weeks shared with 1 competing order')).toBeTruthy();
    expect(screen.getByText(FILL_RATE_TEXTS.help)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/agent\/A000001\/orders\/fillRatePreview$/);
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('says plainly that there is no history', async () => {
    serve(200, answer({ HasHistory: false, LeadsPerWeek: 0, MatchingLeads: 0, Basis: FILL_RATE_TEXTS.noHistory }));
    renderWithProviders(<FillRatePreview agentId="A000001" body={body} />);
    expect(await screen.findByText(FILL_RATE_TEXTS.noHistory)).toBeTruthy();
    expect(screen.queryByText(/leads\/week$/)).toBeNull();
  });

  it('says the estimate is unavailable when the server cannot answer', async () => {
    serve(500, { ErrorMessages: ['Something went wrong.'] });
    renderWithProviders(<FillRatePreview agentId="A000001" body={body} />);
    expect(await screen.findByText(FILL_RATE_TEXTS.unavailable)).toBeTruthy();
  });
});
