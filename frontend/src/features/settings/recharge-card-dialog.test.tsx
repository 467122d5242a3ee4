import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { RechargeCardDialog } from './recharge-card-dialog.tsx';

stubCallApi();

const saved = { AgentId: 'A1', Balance: 150, LowBalanceAlert: null, Below: false, AutoRecharge: null, Card: { Last4: '1111' }, RechargesPerDay: 3 };

function answer() {
  vi.mocked(callApi).mockImplementation(async (id: string) => {
    if (id === 'account.rechargeCardForm') return { Url: 'about:blank', OrderId: 'LC1', Amount: 50 };
    if (id === 'account.saveRechargeCard') return saved;
    return saved;
  });
}
const callsOf = (route: string) => vi.mocked(callApi).mock.calls.filter(([id]) => id === route);

/** What the provider's return page inside the frame posts to this page. */
function returnFromFrame(params: Record<string, string>) {
  const frame = screen.getByTitle('Card payment') as HTMLIFrameElement;
  fireEvent(window, new MessageEvent('message', { data: { type: 'leadportal:card-return', params }, origin: window.location.origin, source: frame.contentWindow }));
}

describe('Save a card for auto-recharge', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it("opens the provider's form for the amount and saves the card with the transaction id the frame returns", async () => {
    answer();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<RechargeCardDialog agentId="A1" opened onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Continue to card payment' }));
    await screen.findByTitle('Card payment');
    expect(callsOf('account.rechargeCardForm')[0]![1]).toMatchObject({ params: { agentId: 'A1' }, body: { Amount: 50 } });
    returnFromFrame({ status: 'approved', transid: 'sbx-1', amount: '50.00' });
    await waitFor(() => expect(callsOf('account.saveRechargeCard')).toHaveLength(1));
    expect(callsOf('account.saveRechargeCard')[0]![1]).toMatchObject({ params: { agentId: 'A1' }, body: { TransactionId: 'sbx-1' } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the provider's failure messages for a declined card and saves nothing", async () => {
    answer();
    const { user } = renderWithProviders(<RechargeCardDialog agentId="A1" opened onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Continue to card payment' }));
    await screen.findByTitle('Card payment');
    returnFromFrame({ status: 'declined', transid: 'sbx-2', amount: '50.00', declinetype: 'decline' });
    expect(await screen.findByText('Insufficient funds on the card (decline)')).toBeTruthy();
    expect(callsOf('account.saveRechargeCard')).toHaveLength(0);
  });

  it('keeps the amount within the card limits', async () => {
    answer();
    const { user } = renderWithProviders(<RechargeCardDialog agentId="A1" opened onClose={() => undefined} />);
    const amount = await screen.findByRole('textbox', { name: /Amount to add now/ });
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: 'Continue to card payment' }));
    expect(await screen.findByText('Amount cannot be less than $50.00')).toBeTruthy();
    expect(callsOf('account.rechargeCardForm')).toHaveLength(0);
  });
});
