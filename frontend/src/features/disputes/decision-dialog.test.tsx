import { screen, within, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisputeRowDto } from '#shared/api/disputes.ts';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { DecisionDialog } from './decision-dialog.tsx';

stubCallApi();

const row: DisputeRowDto = {
  LeadId: 'L1', UserFacingLeadId: 100001, AgentId: 'A1', AgentName: 'Sofia Sponsor', SubmittedBy: 'A1', CampaignName: 'Health Web Leads', VendorName: 'Acme Leads',
  VendorReason: 'BAD_PHONE', UserFacingReason: 'Phone number is disconnected or wrong', UserComments: 'Disconnected', DisputeStatus: 'Submitted', DisputeDateTime: '2026-11-25T10:00:00.000Z', AgentPurchasePrice: 26,
};

const dialog = (name: string) => screen.getByRole('dialog', { name });

describe('the dispute decision dialog', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it('says what an approval credits, keeps Approve disabled until a reason is typed, and sends the decision', async () => {
    vi.mocked(callApi).mockResolvedValue({ ...row, DisputeStatus: 'Approved', Decision: 'Confirmed' });
    const onDecided = vi.fn();
    const { user } = renderWithProviders(<DecisionDialog dispute={row} kind="Approve" onClose={() => undefined} onDecided={onDecided} />);
    within(dialog('Approve Dispute')).getByText('Lead 100001: $26.00 will be credited to Sofia Sponsor.');
    const approve = within(dialog('Approve Dispute')).getByRole('button', { name: 'Approve' });
    expect(approve).toHaveProperty('disabled', true);
    await user.type(within(dialog('Approve Dispute')).getByRole('textbox', { name: /Reason/ }), '   ');
    expect(approve).toHaveProperty('disabled', true);
    await user.type(within(dialog('Approve Dispute')).getByRole('textbox', { name: /Reason/ }), 'Confirmed');
    await user.click(approve);
    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(callApi).toHaveBeenCalledWith('leads.decideDispute', expect.objectContaining({ params: { leadId: 'L1' }, body: { AgentId: 'A1', Decision: 'Approve', Reason: 'Confirmed' } }));
  });
});
