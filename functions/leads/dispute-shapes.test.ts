// The staff queue row of a dispute (functions/leads/dispute-shapes.ts): the reason in the vendor's words (issue 19, item 15).
import { describe, expect, it } from 'vitest';
import type { Dispute } from '#entities/dispute.ts';
import { toDisputeRow } from './dispute-shapes.ts';

const dispute: Dispute = {
  leadId: 'L1', userFacingLeadId: 100001, agentId: 'A1', submittedBy: 'A1', vendorId: 'V1', campaignId: 'C1', vendorReason: 'BAD_PHONE',
  userComments: 'Disconnected', status: 'Submitted', at: '2026-11-25T10:00:00.000Z', agentPurchasePriceCents: 2600,
};

describe('the staff queue row of a dispute', () => {
  it("shows the reason in the vendor's words, as the agent picked it", () => {
    const row = toDisputeRow({ dispute, reason: { vendorId: 'V1', vendorReason: 'BAD_PHONE', userFacingReason: 'Phone number is disconnected or wrong', position: 0 } });
    expect(row).toMatchObject({ VendorReason: 'BAD_PHONE', UserFacingReason: 'Phone number is disconnected or wrong' });
  });

  it('falls back to the code when the vendor no longer lists the reason', () => {
    expect(toDisputeRow({ dispute }).UserFacingReason).toBe('BAD_PHONE');
  });
});
