// The fill-rate preview's body from a wizard draft: both flows, the geography mode's lists only, caps
// normalised as the save does, and the edited order's id so it does not compete with itself.
import { describe, expect, it } from 'vitest';
import { fillRateBodySchema } from '#shared/api/fill-rate.ts';
import { fillRateBody } from './fill-rate-body.ts';
import { newDraft } from './order-draft.ts';

const draft = {
  ...newDraft({ AgentId: 'A1', FirstName: 'A', LastName: 'B' }),
  SelectedFunds: ['F1'],
  Campaigns: [{ CampaignId: 'C1', VendorIds: ['V1'] }],
  StatesOnly: true,
  States: [{ StateAbbreviation: 'IL', StateName: 'Illinois' }],
  ZipCodes: [{ Key: 'Zip Codes', ZipCodes: [{ ZipCode: '60601' }] }],
  MaxPerDay: '5',
  MaxPerMonth: '5000',
};

describe('fillRateBody', () => {
  it('sends the fund flow with day names and only the states of states-only mode', () => {
    const body = fillRateBody(draft, 'fund', 'O1');
    expect(body).toMatchObject({ Flow: 'fund', OrderId: 'O1', SelectedFunds: ['F1'], States: [{ StateAbbreviation: 'IL' }], ZipCodes: [], MaxPerDay: 5, MaxPerMonth: 1000 });
    expect(fillRateBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends the campaign flow with per-day flags and the zips of zip mode', () => {
    const body = fillRateBody({ ...draft, StatesOnly: false }, 'campaign');
    expect(body).toMatchObject({ Flow: 'campaign', Campaigns: [{ CampaignId: 'C1', VendorIds: ['V1'] }], States: [], ZipCodes: draft.ZipCodes });
    expect(body.OrderTimeSlots[0]).toMatchObject({ StartSlot: 0, EndSlot: 48, Monday: true, Sunday: true });
    expect('OrderId' in body).toBe(false);
    expect(fillRateBodySchema.safeParse(body).success).toBe(true);
  });
});
