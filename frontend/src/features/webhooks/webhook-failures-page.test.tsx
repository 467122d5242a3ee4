import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { failuresKey } from './api/webhook-keys.ts';
import { WebhookFailuresPage } from './webhook-failures-page.tsx';

stubCallApi();

const failure = {
  DeliveryId: 'LeadSold#L1',
  Event: 'LeadSold' as const,
  At: '2026-01-01T16:00:00.000Z',
  State: 'parked' as const,
  Attempts: [
    { At: '2026-01-01T16:00:00.000Z', Status: 503, LatencyMs: 40, Error: null },
    { At: '2026-01-02T16:00:00.000Z', Status: 503, LatencyMs: 35, Error: null },
  ],
  NextAttemptAt: null,
  Body: '{}',
  AgentId: 'A7',
  EndpointId: 'E1',
  Url: 'https://crm.example.com/leads',
};

const endpoint = {
  EndpointId: 'E2',
  Url: 'https://crm.example.com/hook',
  Format: 'json' as const,
  FieldMap: [{ Field: 'FirstName' as const, Name: 'first' }],
  Events: ['LeadSold' as const, 'BalanceLow' as const],
  Enabled: true,
  SecretLast4: 'abcd',
  CreatedAt: '2026-01-01T00:00:00.000Z',
  FailingSince: '2026-01-01T16:00:00.000Z',
  Parked: 3,
  AgentId: 'A9',
};

/** The failing deliveries the page starts with, and what a refetch of them answers (a refetch must not empty the page under the test's clicks). */
let listed: unknown[] = [];

function primed(deliveries: unknown[]) {
  listed = deliveries;
  const client = createTestQueryClient();
  client.setQueryData(failuresKey, { Deliveries: deliveries });
  return client;
}

describe('the staff CRM Deliveries page', () => {
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
    vi.mocked(callApi).mockImplementation(
      async (id: string) =>
        (id === 'webhooks.replay'
          ? { ...failure, State: 'pending' }
          : id === 'webhooks.endpoints'
            ? { Endpoints: [endpoint, { ...endpoint, EndpointId: 'E3', Url: 'https://other.example.com/in', FailingSince: null, Parked: 0, AgentId: 'A10' }], Cursor: null }
            : { Deliveries: listed, Cursor: null }) as never,
    );
  });

  it('shows each failing delivery with its agent, endpoint, state, failing since, attempts and last answer, and replays it', async () => {
    const { user } = await renderWithRouter(() => <WebhookFailuresPage />, { queryClient: primed([failure]) });
    const card = screen.getByRole('listitem', { name: 'Lead sold for agent A7' });
    for (const text of ['Parked', 'https://crm.example.com/leads', '1/1/2026, 10:00:00 AM', '2', '503 in 35 ms']) expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'A7' }).getAttribute('href')).toBe('/agent/manage/A7');

    await user.click(within(card).getByRole('button', { name: 'Replay Lead sold for agent A7' }));
    await waitFor(() => expect(vi.mocked(callApi).mock.calls.filter(([id]) => id === 'webhooks.replay')).toHaveLength(1));
    expect(vi.mocked(callApi).mock.calls.find(([id]) => id === 'webhooks.replay')![1]).toEqual({ params: { agentId: 'A7', endpointId: 'E1', deliveryId: 'LeadSold#L1' } });
  });

  it('lists every agent’s endpoints, failing ones first, and opens an endpoint’s delivery log', async () => {
    const { user } = await renderWithRouter(() => <WebhookFailuresPage />, { queryClient: primed([]) });
    const list = await screen.findByRole('list', { name: 'CRM endpoints' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['https://crm.example.com/hook of agent A9', 'https://other.example.com/in of agent A10']);
    for (const text of ['Failing', 'Lead sold, Low balance', '1/1/2026, 10:00:00 AM', '3']) expect(within(cards[0]!).getByText(text)).toBeTruthy();
    expect(within(cards[1]!).getByText('Receiving')).toBeTruthy();
    expect(within(cards[1]!).getByText('Not failing')).toBeTruthy();

    await user.click(within(cards[0]!).getByRole('button', { name: 'View log of https://crm.example.com/hook of agent A9' }));
    await waitFor(() => expect(vi.mocked(callApi).mock.calls.some(([id]) => id === 'webhooks.deliveries')).toBe(true));
    expect(vi.mocked(callApi).mock.calls.find(([id]) => id === 'webhooks.deliveries')![1]).toMatchObject({ params: { agentId: 'A9', endpointId: 'E2' } });
  });

  it('says so when nothing is failing', async () => {
    await renderWithRouter(() => <WebhookFailuresPage />, { queryClient: primed([]) });
    expect(screen.getByText('No deliveries are failing: every CRM endpoint is receiving its leads.')).toBeTruthy();
  });
});
