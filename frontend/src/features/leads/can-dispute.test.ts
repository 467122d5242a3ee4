import { describe, expect, it } from 'vitest';
import { canDispute, type DisputableLead } from './can-dispute.ts';

const now = new Date('2026-11-10T12:00:00Z');
const lead: DisputableLead = { AllowDisputes: true, HasDispute: false, DisputeOpenUntil: '2026-11-12T09:00:00.000Z', VendorId: 'V1' };
const perms = ['CAN_VIEW_MY_LEADS', 'CAN_DISPUTE_LEADS'] as const;

describe('the Dispute button', () => {
  it('shows for a disputable lead without a dispute, within 5 days of receipt, to a user with CAN_DISPUTE_LEADS', () => {
    expect(canDispute(lead, perms, now)).toBe(true);
  });

  it('hides when the campaign does not allow disputes', () => {
    expect(canDispute({ ...lead, AllowDisputes: false }, perms, now)).toBe(false);
  });

  it('hides when the lead already has a dispute', () => {
    expect(canDispute({ ...lead, HasDispute: true }, perms, now)).toBe(false);
  });

  it('hides once the 5 days from receipt have passed', () => {
    expect(canDispute(lead, perms, new Date('2026-11-12T09:00:00.000Z'))).toBe(false);
  });

  it('hides without CAN_DISPUTE_LEADS', () => {
    expect(canDispute(lead, ['CAN_VIEW_MY_LEADS'], now)).toBe(false);
  });

  it('hides for a lead without a vendor (no reasons to choose from)', () => {
    expect(canDispute({ ...lead, VendorId: null }, perms, now)).toBe(false);
  });
});
