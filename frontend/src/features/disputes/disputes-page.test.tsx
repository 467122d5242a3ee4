// The staff Disputes page's card (issue 19, item 15): the reason reads as the agent picked it, in the
// vendor's words (part 3 §3 Dispute reason option), not as the vendor's code.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisputeQueuePageDto, DisputeRowDto } from '#shared/api/disputes.ts';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { meQueryOptions } from '@/api/get-me.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { disputesQueryOptions } from './api/list-disputes.ts';
import { DisputesPage } from './disputes-page.tsx';

stubCallApi();

const row: DisputeRowDto = {
  LeadId: 'L1', UserFacingLeadId: 100001, AgentId: 'A1', AgentName: 'Sofia Sponsor', SubmittedBy: 'A1', CampaignName: 'Health Web Leads', VendorName: 'Acme Leads',
  VendorReason: 'BAD_PHONE', UserFacingReason: 'Phone number is disconnected or wrong', UserComments: 'Disconnected', DisputeStatus: 'Submitted',
  DisputeDateTime: '2026-11-25T10:00:00.000Z', AgentPurchasePrice: 26,
};
const page: DisputeQueuePageDto = { Disputes: [row] };

function primedClient() {
  const client = createTestQueryClient();
  client.setQueryData(meQueryOptions.queryKey, {
    AgentId: null, Name: 'Support', EmailAddress: 'support@example.com', Permissions: [], Account: null,
    IsSalesAssistant: false, IsSponsorAgent: false, IsFundPreview: false, IsAdmin: false, Roles: ['support'],
  } as never);
  client.setQueryData(disputesQueryOptions('Submitted').queryKey, { pages: [page], pageParams: [undefined] });
  return client;
}

describe('the Disputes page', () => {
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
    vi.mocked(callApi).mockResolvedValue(page as never);
  });

  it("shows a dispute's reason in the vendor's words, not its code", () => {
    renderWithProviders(<DisputesPage status="Submitted" onStatusChange={() => undefined} />, { queryClient: primedClient() });
    const card = screen.getByRole('listitem', { name: 'Lead 100001' });
    expect(within(card).getByText('Phone number is disconnected or wrong')).toBeTruthy();
    expect(within(card).queryByText('BAD_PHONE')).toBeNull();
  });
});
