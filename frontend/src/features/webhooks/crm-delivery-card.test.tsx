import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { DEFAULT_FIELD_MAP, MAX_WEBHOOKS, WEBHOOK_MESSAGES, type DeliveryDto, type WebhookDto } from '#shared/api/webhooks.ts';
import { CrmDeliveryCard } from './crm-delivery-card.tsx';
import { SECRET_ONCE } from './secret-dialog.tsx';

stubCallApi();

const webhook = (over: Partial<WebhookDto> = {}): WebhookDto => ({
  EndpointId: 'E1',
  Url: 'https://crm.example.com/leads',
  Format: 'json',
  FieldMap: DEFAULT_FIELD_MAP,
  Events: ['LeadSold'],
  Enabled: true,
  SecretLast4: 'abcd',
  CreatedAt: '2026-01-01T10:00:00.000Z',
  FailingSince: null,
  Parked: 0,
  ...over,
});

const testDelivery: DeliveryDto = {
  DeliveryId: 'D1',
  Event: 'Test',
  At: '2026-01-01T10:00:00.000Z',
  State: 'delivered',
  Attempts: [{ At: '2026-01-01T10:00:00.000Z', Status: 200, LatencyMs: 85, Error: null }],
  NextAttemptAt: null,
  Body: '{}',
};

/** The server as these tests need it: the list as `list()` says at the time, and each call's answer. */
function server(list: () => { Webhooks: WebhookDto[]; Banner: string | null }, answers: Record<string, unknown> = {}) {
  vi.mocked(callApi).mockImplementation(async (id: string) => (id === 'webhooks.list' ? list() : answers[id]) as never);
}
const callsOf = (route: string) => vi.mocked(callApi).mock.calls.filter(([id]) => id === route);

const renderCard = () => renderWithProviders(<CrmDeliveryCard agentId="A1" timeZone="Central" />);

describe('the CRM Delivery card', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it("lists an endpoint with its format, events, secret's last four, failing streak and parked count", async () => {
    server(() => ({ Webhooks: [webhook({ FailingSince: '2026-01-01T16:00:00.000Z', Parked: 2, Events: ['LeadSold', 'BalanceLow'], Format: 'form' })], Banner: null }));
    renderCard();
    const item = await screen.findByRole('listitem', { name: 'https://crm.example.com/leads' });
    for (const text of ['Form-encoded', 'Enabled', 'Failing since 1/1/2026, 10:00:00 AM', '2 parked', 'Events: Lead sold, Low balance']) expect(within(item).getByText(text)).toBeTruthy();
    expect(within(item).getByText(/Secret ends in abcd/)).toBeTruthy();
  });

  it('shows the banner of an endpoint failing for over an hour', async () => {
    server(() => ({ Webhooks: [webhook()], Banner: WEBHOOK_MESSAGES.banner }));
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toContain(WEBHOOK_MESSAGES.banner);
  });

  it(`disables Add at ${MAX_WEBHOOKS} endpoints and says why`, async () => {
    server(() => ({ Webhooks: ['E1', 'E2', 'E3'].map((id) => webhook({ EndpointId: id, Url: `https://crm.example.com/${id}` })), Banner: null }));
    renderCard();
    const add = await screen.findByRole('button', { name: 'Add endpoint' });
    expect(add).toHaveProperty('disabled', true);
    expect(screen.getByText(WEBHOOK_MESSAGES.tooMany)).toBeTruthy();
    expect(add.getAttribute('aria-describedby')).toBe(screen.getByText(WEBHOOK_MESSAGES.tooMany).id);
  });

  it('shows the secret of a new endpoint once, and only its last four after', async () => {
    let stored: WebhookDto[] = [];
    const made = webhook({ SecretLast4: 'Wxyz' });
    vi.mocked(callApi).mockImplementation(async (id: string) => {
      if (id === 'webhooks.create') {
        stored = [made];
        return { Webhook: made, Secret: 'whsec_0123456789Wxyz' } as never;
      }
      return { Webhooks: stored, Banner: null } as never;
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('dialog', { name: 'Add CRM endpoint' });
    await user.type(within(form).getByRole('textbox', { name: /URL/ }), 'https://crm.example.com/leads');
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByText('whsec_0123456789Wxyz')).toBeTruthy();
    expect(within(shown).getByText(SECRET_ONCE)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(within(shown).getByText('X-LeadPortal-Signature')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/Secret ends in Wxyz/)).toBeTruthy();
    expect(screen.queryByText('whsec_0123456789Wxyz')).toBeNull();
    expect(callsOf('webhooks.create')).toHaveLength(1);
  });

  it("sends a test and shows the answer's status and latency", async () => {
    server(() => ({ Webhooks: [webhook()], Banner: null }), { 'webhooks.sendTest': testDelivery });
    const { user } = renderCard();
    const item = await screen.findByRole('listitem', { name: 'https://crm.example.com/leads' });
    await user.click(within(item).getByRole('button', { name: 'Send test' }));
    expect(await within(item).findByText('Test delivered: 200 in 85 ms')).toBeTruthy();
    expect(callsOf('webhooks.sendTest')[0]![1]).toMatchObject({ params: { agentId: 'A1', endpointId: 'E1' } });
  });

  it('says why a test failed when no answer came', async () => {
    const refused = { ...testDelivery, State: 'retrying', Attempts: [{ At: testDelivery.At, Status: null, LatencyMs: 3, Error: 'Connection refused' }] };
    server(() => ({ Webhooks: [webhook()], Banner: null }), { 'webhooks.sendTest': refused });
    const { user } = renderCard();
    const item = await screen.findByRole('listitem', { name: 'https://crm.example.com/leads' });
    await user.click(within(item).getByRole('button', { name: 'Send test' }));
    expect(await within(item).findByText('Test failed: Connection refused after 3 ms')).toBeTruthy();
  });

  it('deletes an endpoint only once confirmed', async () => {
    server(() => ({ Webhooks: [webhook()], Banner: null }), { 'webhooks.delete': undefined });
    const { user } = renderCard();
    const item = await screen.findByRole('listitem', { name: 'https://crm.example.com/leads' });
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete CRM endpoint' });
    expect(callsOf('webhooks.delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf('webhooks.delete')).toHaveLength(1));
    expect(callsOf('webhooks.delete')[0]![1]).toMatchObject({ params: { agentId: 'A1', endpointId: 'E1' } });
  });

  it('shows the new secret once after rotating it', async () => {
    server(() => ({ Webhooks: [webhook()], Banner: null }), { 'webhooks.rotateSecret': { Webhook: webhook({ SecretLast4: 'NEW1' }), Secret: 'whsec_rotatedNEW1' } });
    const { user } = renderCard();
    const item = await screen.findByRole('listitem', { name: 'https://crm.example.com/leads' });
    await user.click(within(item).getByRole('button', { name: 'Rotate secret' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Rotate the signing secret' })).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByText('whsec_rotatedNEW1')).toBeTruthy();
  });
});
