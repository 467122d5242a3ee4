import { describe, expect, it } from 'vitest';
import type { Dispute } from '#entities/dispute.ts';
import { doNotCallReason } from '#shared/do-not-call.ts';
import { arrivalAdds, changeAdds, saleRefOf, vendorReturnOf } from './vendor-days-view.ts';

const lead = { sourceId: 'SRC-1', at: '2026-03-01T15:00:00.000Z', campaignName: 'Health Web' };
const dispute: Dispute = {
  leadId: 'L1',
  userFacingLeadId: 101,
  agentId: 'A000777',
  submittedBy: 'A000778',
  vendorId: 'V1',
  campaignId: 'C1',
  vendorReason: 'WRONGNUMBER',
  userComments: 'Agent Pat Smith here: the number rang a pizza shop.',
  status: 'Submitted',
  at: '2026-03-02T10:00:00.000Z',
  agentPurchasePriceCents: 2500,
  decisionReason: "The order's schedule could not be checked: the order is gone.",
};

describe('vendor-days view', () => {
  it("counts a lead's arrival as posted and as its outcome, and a sold lead's vendor price", () => {
    expect(arrivalAdds('Sold', 500)).toEqual({ posted: 1, sold: 1, soldCents: 500 });
    expect(arrivalAdds('CallCenter', 500)).toEqual({ posted: 1, callCenter: 1 });
    expect(arrivalAdds('Rejected', 0)).toEqual({ posted: 1, rejected: 1 });
    expect(arrivalAdds('Rejected', 0, [doNotCallReason(['Internal'])])).toEqual({ posted: 1, rejected: 1, doNotCall: 1 });
    expect(arrivalAdds('Rejected', 0, ['Lead is outside the campaign.'])).toEqual({ posted: 1, rejected: 1 });
  });

  it('moves a lead sold on a retry from unsold to sold with its price, and posts nothing again', () => {
    expect(changeAdds('Unsold', 'Sold', 700)).toEqual({ sold: 1, unsold: -1, soldCents: 700 });
  });

  it('shows the vendor a waiting dispute without the notes staff see, the agent or their comments', () => {
    const row = vendorReturnOf(dispute, lead, 'V1');
    expect(row).toEqual({
      vendorId: 'V1',
      leadId: 'L1',
      userFacingLeadId: 101,
      sourceId: 'SRC-1',
      leadAt: lead.at,
      campaignId: 'C1',
      campaignName: 'Health Web',
      saleRef: saleRefOf('L1', 'A000777'),
      vendorReason: 'WRONGNUMBER',
      status: 'Submitted',
      at: dispute.at,
    });
    expect(JSON.stringify(row)).not.toMatch(/A00077|Pat Smith|pizza/);
  });

  it("shows a decided dispute's evidence, and who decided only as automatic check or staff", () => {
    const byStaff = vendorReturnOf({ ...dispute, status: 'Denied', decidedAt: '2026-03-03T09:00:00.000Z', decidedBy: 'staff-user-42', decisionReason: 'The call recording shows consent.' }, lead, 'V1');
    expect(byStaff).toMatchObject({ status: 'Denied', decidedBy: 'staff', decidedAt: '2026-03-03T09:00:00.000Z', decisionReason: 'The call recording shows consent.' });
    expect(JSON.stringify(byStaff)).not.toContain('staff-user-42');
    expect(vendorReturnOf({ ...dispute, status: 'Approved', decidedAt: dispute.at, decidedBy: 'auto', decisionReason: 'Invalid phone.' }, lead, 'V1')).toMatchObject({ decidedBy: 'auto', decisionReason: 'Invalid phone.' });
  });

  it('names a sale by a digest that differs per agent and does not contain the agent id', () => {
    expect(saleRefOf('L1', 'A000777')).not.toBe(saleRefOf('L1', 'A000778'));
    expect(saleRefOf('L1', 'A000777')).not.toContain('A000777');
  });
});
