import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { DEFAULT_FIELD_MAP, type DeliveryDto, type WebhookDto } from '#shared/api/webhooks.ts';
import { DeliveryLogDialog } from './delivery-log-dialog.tsx';

stubCallApi();

const webhook: WebhookDto = {
  EndpointId: 'E1', Url: 'https://crm.example.com/leads', Format: 'json', FieldMap: DEFAULT_FIELD_MAP, Events: ['LeadSold'], Enabled: true,
  SecretLast4: 'abcd', CreatedAt: '2026-01-01T10:00:00.000Z', FailingSince: '2026-01-01T16:00:00.000Z', Parked: 1,
};

const parked: DeliveryDto = {
  DeliveryId: 'LeadSold#L1',
  Event: 'LeadSold',
  At: '2026-01-01T16:00:00.000Z',
  State: 'parked',
  Attempts: [
    { At: '2026-01-01T16:00:00.000Z', Status: 500, LatencyMs: 40, Error: null },
    { At: '2026-01-01T16:00:30.000Z', Status: null, LatencyMs: 10_000, Error: 'Timed out' },
  ],
  NextAttemptAt: null,
  Body: '{"FirstName":"Pat"}',
};
const older: DeliveryDto = { ...parked, DeliveryId: 'Test#1', Event: 'Test', State: 'delivered', At: '2026-01-01T15:00:00.000Z', Attempts: [{ At: '2026-01-01T15:00:00.000Z', Status: 200, LatencyMs: 85, Error: null }] };

function server() {
  vi.mocked(callApi).mockImplementation(async (id: string, options?: { query?: unknown }) => {
    if (id === 'webhooks.deliveries') return ((options?.query as { cursor?: string } | undefined)?.cursor === 'next' ? { Deliveries: [older], Cursor: null } : { Deliveries: [parked], Cursor: 'next' }) as never;
    if (id === 'webhooks.replay') return { ...parked, State: 'pending' } as never;
    throw new Error(`unexpected ${id}`);
  });
}
const callsOf = (route: string) => vi.mocked(callApi).mock.calls.filter(([id]) => id === route);

const renderLog = () => renderWithProviders(<DeliveryLogDialog agentId="A1" webhook={webhook} timeZone="Central" onClose={() => undefined} />);

describe('the delivery log', () => {
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
    server();
  });

  it('lists a delivery with its state, attempts and last answer, and its details show every attempt and the body sent', async () => {
    const { user } = renderLog();
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of ['Lead sold', '1/1/2026, 10:00:00 AM', 'Parked', '2', 'Timed out after 10000 ms']) expect(within(row).getByText(text)).toBeTruthy();

    const details = within(row).getByRole('button', { name: 'Details of Lead sold of 1/1/2026, 10:00:00 AM' });
    await user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    const attempts = screen.getByRole('table', { name: 'Attempts' });
    const rows = within(attempts).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['1', '1/1/2026, 10:00:00 AM', '500', '40 ms', ''],
      ['2', '1/1/2026, 10:00:30 AM', 'No answer', '10000 ms', 'Timed out'],
    ]);
    expect(screen.getByText('{"FirstName":"Pat"}')).toBeTruthy();
  });

  it('replays a parked delivery through the replay route', async () => {
    const { user } = renderLog();
    await user.click(await screen.findByRole('button', { name: 'Replay Lead sold of 1/1/2026, 10:00:00 AM' }));
    await waitFor(() => expect(callsOf('webhooks.replay')).toHaveLength(1));
    expect(callsOf('webhooks.replay')[0]![1]).toEqual({ params: { agentId: 'A1', endpointId: 'E1', deliveryId: 'LeadSold#L1' } });
    expect(await screen.findByText(/is queued again/)).toBeTruthy();
  });

  it('loads older deliveries with the cursor', async () => {
    const { user } = renderLog();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('200 in 85 ms')).toBeTruthy();
    expect(callsOf('webhooks.deliveries').map(([, o]) => (o as { query: unknown }).query)).toEqual([{}, { cursor: 'next' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
