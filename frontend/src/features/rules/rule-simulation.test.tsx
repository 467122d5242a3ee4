// The rule dialog's Simulate action (issue 12 Insights): the proposed rule is sent with the rule being
// edited, the answer shows each rule's call-center and post-target counts now and with the change,
// a result disappears once the rule is changed again, and an empty window says so.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RULE_SIMULATION_TEXTS, type RuleSimulationDto } from '#shared/api/rule-simulation.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { ruleCampaignsQueryOptions } from './api/list-rule-campaigns.ts';
import { RuleDialog } from './rule-dialog.tsx';
import { RuleSimulation } from './rule-simulation.tsx';

const result: RuleSimulationDto = {
  From: '2026-02-01T12:00:00.000Z',
  To: '2026-03-03T12:00:00.000Z',
  LeadsReplayed: 12,
  Sampled: false,
  Rules: [
    { RuleId: '', Name: `Ohio ${RULE_SIMULATION_TEXTS.newRule}`, Current: { CallCenter: 0, Post: 0 }, Proposed: { CallCenter: 8, Post: 0 } },
    { RuleId: 'default', Name: 'Default Rule', Current: { CallCenter: 6, Post: 6 }, Proposed: { CallCenter: 2, Post: 2 } },
  ],
  Totals: { Current: { CallCenter: 6, Post: 6 }, Proposed: { CallCenter: 10, Post: 2 } },
};

function primed() {
  const client = createTestQueryClient();
  client.setQueryData(ruleCampaignsQueryOptions.queryKey, []);
  return client;
}

afterEach(() => vi.unstubAllGlobals());

describe('Simulate in the rule dialog', () => {
  it('sends the proposed rule, shows each rule now → with the change and the totals, and drops the result when the rule changes', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(result), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderWithProviders(<RuleDialog onClose={() => undefined} onSaved={() => undefined} zipExists={async () => true} />, { queryClient: primed() });
    const dialog = screen.getByRole('dialog', { name: 'Add Rule' });
    const simulate = within(dialog).getByRole('button', { name: 'Simulate' });
    expect(simulate).toHaveProperty('disabled', true);
    const name = within(dialog).getByRole('textbox', { name: 'Rule Name' });
    await user.type(name, 'Ohio');
    await user.click(simulate);
    const table = await within(dialog).findByRole('table', { name: 'Simulated routing by rule' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/rules\/simulate$/);
    expect(JSON.parse(String(init.body))).toMatchObject({ Rule: { Name: 'Ohio', CallCenterPercent: 50, PPPercent: 50 } });
    const rows = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['RuleCall CenterPost Target', `Ohio ${RULE_SIMULATION_TEXTS.newRule}0 → 80 → 0`, 'Default Rule6 → 26 → 2', 'Total6 → 106 → 2']);
    await user.type(name, ' 2');
    expect(within(dialog).queryByRole('table', { name: 'Simulated routing by rule' })).toBeNull();
  });

  it('says when no lead reached routing, and when only the newest leads were replayed', () => {
    const { unmount } = renderWithProviders(<RuleSimulation result={{ ...result, LeadsReplayed: 0, Rules: [], Totals: { Current: { CallCenter: 0, Post: 0 }, Proposed: { CallCenter: 0, Post: 0 } } }} />);
    expect(screen.getByText(RULE_SIMULATION_TEXTS.noLeads)).toBeTruthy();
    unmount();
    renderWithProviders(<RuleSimulation result={{ ...result, Sampled: true }} />);
    expect(screen.getByText(RULE_SIMULATION_TEXTS.sampled(12))).toBeTruthy();
  });
});
