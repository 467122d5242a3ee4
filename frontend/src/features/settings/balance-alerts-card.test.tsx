import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import type { BalanceAlertsDto } from '#shared/api/balance-alerts.ts';
import { BalanceAlertsCard, bodyOf, valuesOf } from './balance-alerts-card.tsx';

stubCallApi();

const settings = (over: Partial<BalanceAlertsDto> = {}): BalanceAlertsDto => ({
  AgentId: 'A1',
  Balance: 120,
  LowBalanceAlert: null,
  Below: false,
  AutoRecharge: null,
  Card: null,
  RechargesPerDay: 3,
  ...over,
});

function answer(current: BalanceAlertsDto) {
  vi.mocked(callApi).mockImplementation(async (id: string, options?: { body?: unknown }) => {
    if (id === 'account.updateBalanceAlerts') {
      const alert = (options!.body as { LowBalanceAlert: number | null }).LowBalanceAlert;
      return { ...current, LowBalanceAlert: alert, Below: alert !== null && current.Balance < alert };
    }
    return current;
  });
}
const puts = () => vi.mocked(callApi).mock.calls.filter(([id]) => id === 'account.updateBalanceAlerts');

describe('Low Balance Alert and Auto-Recharge', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it('saves an alert threshold in dollars, the Save button waiting for a change', async () => {
    answer(settings());
    const { user } = renderWithProviders(<BalanceAlertsCard agentId="A1" />);
    const save = await screen.findByRole('button', { name: 'Save Balance Alerts' });
    expect(save).toHaveProperty('disabled', true);
    const field = screen.getByRole('textbox', { name: 'Alert when the balance is below' });
    expect(field).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('switch', { name: 'Alert me when my balance is low' }));
    await user.type(field, '150');
    await user.click(save);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]![1]).toMatchObject({ params: { agentId: 'A1' }, body: { LowBalanceAlert: 150, AutoRecharge: null } });
  });

  it("shows the schema's message for a threshold under $1 and sends nothing", async () => {
    answer(settings());
    const { user } = renderWithProviders(<BalanceAlertsCard agentId="A1" />);
    await user.click(await screen.findByRole('switch', { name: 'Alert me when my balance is low' }));
    await user.type(screen.getByRole('textbox', { name: 'Alert when the balance is below' }), '0.50');
    await user.click(screen.getByRole('button', { name: 'Save Balance Alerts' }));
    expect(await screen.findByText('Threshold must be between $1.00 and $100,000.00.')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('keeps auto-recharge off until a card is saved, and offers to save one', async () => {
    answer(settings());
    renderWithProviders(<BalanceAlertsCard agentId="A1" />);
    expect(await screen.findByText('No card saved')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enable auto-recharge' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Save a card' })).toBeTruthy();
  });

  it('turns auto-recharge on with a saved card, checking the amount against the card limits', async () => {
    answer(settings({ Card: { Last4: '1111' }, AutoRecharge: { Enabled: false, Threshold: 50, Amount: 50, DisabledReason: null } }));
    const { user } = renderWithProviders(<BalanceAlertsCard agentId="A1" />);
    expect(await screen.findByText('Saved card: ending in 1111')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Enable auto-recharge' }));
    const amount = screen.getByRole('textbox', { name: /Recharge amount/ });
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: 'Save Balance Alerts' }));
    expect(await screen.findByText('Amount cannot be less than $50.00')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '75');
    await user.click(screen.getByRole('button', { name: 'Save Balance Alerts' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]![1]).toMatchObject({ body: { LowBalanceAlert: null, AutoRecharge: { Enabled: true, Threshold: 50, Amount: 75 } } });
  });

  it('says so when a declined card turned auto-recharge off', async () => {
    answer(settings({ AutoRecharge: { Enabled: false, Threshold: 50, Amount: 50, DisabledReason: 'declined' } }));
    renderWithProviders(<BalanceAlertsCard agentId="A1" />);
    expect(await screen.findByText('Your saved card was declined, so auto-recharge was turned off. Save a card to turn it on again.')).toBeTruthy();
  });
});

describe('the PUT body', () => {
  it('keeps a saved card by sending auto-recharge switched off rather than null', () => {
    const current = settings({ Card: { Last4: '1111' }, AutoRecharge: { Enabled: true, Threshold: 40, Amount: 60, DisabledReason: null } });
    const values = { ...valuesOf(current), rechargeOn: false };
    expect(bodyOf(values, current)).toEqual({ LowBalanceAlert: null, AutoRecharge: { Enabled: false, Threshold: 40, Amount: 60 } });
  });
});
