import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import type { User } from '@/api/get-me.ts';
import { renderWithProviders, renderWithRouter } from '@/testing/render.tsx';
import { LowBalanceBanner, ownAgentId } from './low-balance-banner.tsx';

stubCallApi();

const agent = { AgentId: 'A1', Account: { AgentId: 'A1' }, IsAdmin: false, IsSalesAssistant: false } as unknown as User;

describe('the low-balance banner', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it('shows the balance against the threshold with a link to add money when below', async () => {
    vi.mocked(callApi).mockResolvedValue({ AgentId: 'A1', Balance: 20, LowBalanceAlert: 50, Below: true, AutoRecharge: null, Card: null, RechargesPerDay: 3 });
    await renderWithRouter(() => <LowBalanceBanner user={agent} />);
    expect(await screen.findByText(/Your lead balance of \$20\.00 is below your alert threshold of \$50\.00\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Lead Money' }).getAttribute('href')).toBe('/addFundsCC');
  });

  it('shows nothing at or above the threshold, and asks nothing for staff', async () => {
    vi.mocked(callApi).mockResolvedValue({ AgentId: 'A1', Balance: 50, LowBalanceAlert: 50, Below: false, AutoRecharge: null, Card: null, RechargesPerDay: 3 });
    renderWithProviders(<LowBalanceBanner user={agent} />);
    await waitFor(() => expect(callApi).toHaveBeenCalled());
    expect(screen.queryByText(/below your alert threshold/)).toBeNull();
    expect(ownAgentId({ ...agent, IsAdmin: true })).toBeNull();
    expect(ownAgentId({ ...agent, Account: null } as unknown as User)).toBeNull();
  });
});
