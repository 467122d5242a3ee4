import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '@/api/client.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { failuresKey } from './api/webhook-keys.ts';
import { WebhookFailuresPage } from './webhook-failures-page.tsx';

vi.mock('@/api/client.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), callApi: vi.fn() }));

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

function primed(deliveries: unknown[]) {
  const client = createTestQueryClient();
  client.setQueryData(failuresKey, { Deliveries: deliveries });
  return client;
}

describe('the staff CRM Deliveries page', () => {
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
    vi.mocked(callApi).mockImplementation(async (id: string) => (id === 'webhooks.replay' ? { ...failure, State: 'pending' } : { Deliveries: [] }) as never);
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

  it('says so when nothing is failing', async () => {
    await renderWithRouter(() => <WebhookFailuresPage />, { queryClient: primed([]) });
    expect(screen.getByText('No deliveries are failing: every CRM endpoint is receiving its leads.')).toBeTruthy();
  });
});
