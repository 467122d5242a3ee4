import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import type { User } from '@/api/get-me.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { WEBHOOK_MESSAGES } from '#shared/api/webhooks.ts';
import { crmBannerAgentId, CrmFailingBanner } from './crm-failing-banner.tsx';

stubCallApi();

const agent = { AgentId: 'A1', Account: { AgentId: 'A1' }, IsAdmin: false, IsSalesAssistant: false, Permissions: ['CAN_VIEW_SETTINGS'] } as unknown as User;

describe('the CRM delivery banner', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it("shows the server's words with a link to Settings while an endpoint has been failing for over an hour", async () => {
    vi.mocked(callApi).mockResolvedValue({ Webhooks: [], Banner: WEBHOOK_MESSAGES.banner } as never);
    await renderWithRouter(() => <CrmFailingBanner user={agent} />);
    expect((await screen.findByRole('alert')).textContent).toContain(WEBHOOK_MESSAGES.banner);
    expect(screen.getByRole('link', { name: 'Check your CRM endpoints in Settings' }).getAttribute('href')).toBe('/account/preferences');
    expect(vi.mocked(callApi).mock.calls[0]).toMatchObject(['webhooks.list', { params: { agentId: 'A1' } }]);
  });

  it('shows nothing without a banner, and asks nothing for staff or a sales assistant', async () => {
    vi.mocked(callApi).mockResolvedValue({ Webhooks: [], Banner: null } as never);
    await renderWithRouter(() => <CrmFailingBanner user={agent} />);
    await waitFor(() => expect(callApi).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(crmBannerAgentId({ ...agent, IsAdmin: true })).toBeNull();
    expect(crmBannerAgentId({ ...agent, IsSalesAssistant: true })).toBeNull();
    expect(crmBannerAgentId({ ...agent, Permissions: [] })).toBeNull();
  });
});
