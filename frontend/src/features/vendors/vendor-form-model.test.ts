// The vendor form's model: a stored vendor as form values and back as the PATCH body, the create
// body and its campaign vendors, the shared schema's messages keyed by field, and the revision kept
// after the page's own token and admin changes.
import { describe, expect, it } from 'vitest';
import type { VendorDetails } from '#shared/api/vendors.ts';
import { CAMPAIGN_MESSAGES } from '#shared/campaign.ts';
import { VENDOR_MESSAGES } from '#shared/vendors.ts';
import {
  campaignVendorBody,
  editVendorValues,
  newCampaignPick,
  newReasonRow,
  newVendorValues,
  revisionAfterSideChange,
  tokenDisplay,
  vendorBody,
  vendorFormErrors,
  vendorUpdateBody,
  type VendorFormValues,
} from './vendor-form-model.ts';

const stored: VendorDetails = {
  VendorId: 'V-1',
  Name: 'Acme Leads',
  Code: 'ACME',
  Description: 'Web leads',
  Status: 0,
  Created: '2026-01-01T00:00:00.000Z',
  CreatedBy: 'seed@example.com',
  Archived: true,
  AllowCreditLineUse: true,
  AllowDisputes: true,
  AllowVariablePricing: false,
  IsPartner: true,
  AdminEmail: 'admin@acme.example.com',
  TokenLastFour: 'wxyz',
  ModifiedBy: 'seed@example.com',
  LastUpdated: '2026-01-02T00:00:00.000Z',
  Revision: 4,
  PostsPerMinute: 2400,
  SandboxTokenLastFour: null,
  VendorContact: {
    VendorContactId: 'VC-1',
    Name: 'Dana Whitfield',
    Email: 'dana@acme.example.com',
    Phone: '512-555-0100',
    AddressLine1: '400 Congress Ave',
    AddressLine2: 'Suite 1200',
    City: 'Austin',
    State: 'TX',
    Zip: '78701',
  },
  Admins: [],
  DisputeReasons: [{ VendorReason: 'BAD_PHONE', UserFacingReason: 'Phone number is disconnected or wrong' }],
};

const valid = (): VendorFormValues => ({
  ...newVendorValues(),
  Name: 'New Co',
  Code: 'NEWCO',
  VendorContact: { ...newVendorValues().VendorContact, AddressLine1: '1 Main St', City: 'Austin', State: 'TX', Zip: '78701' },
});

describe('the vendor form model', () => {
  it('fills the edit form from the stored vendor and sends it back unchanged as the PATCH body with the revision read', () => {
    const values = editVendorValues(stored);
    expect(values.DisputeReasons).toEqual([{ key: expect.any(String), VendorReason: 'BAD_PHONE', UserFacingReason: 'Phone number is disconnected or wrong' }]);
    expect(values.Campaigns).toEqual([]);
    expect(vendorUpdateBody(values, 'V-1', 4)).toEqual({
      VendorId: 'V-1',
      Revision: 4,
      Name: 'Acme Leads',
      Code: 'ACME',
      Description: 'Web leads',
      Status: 0,
      Archived: true,
      IsPartner: true,
      AllowCreditLineUse: true,
      AllowDisputes: true,
      AllowVariablePricing: false,
      PostsPerMinute: 2400,
      VendorContact: stored.VendorContact,
      DisputeReasons: stored.DisputeReasons,
    });
  });

  it('starts a new vendor empty and Active, and leaves the rows keys and the campaign picks out of the POST body', () => {
    const values = { ...valid(), DisputeReasons: [{ ...newReasonRow(), VendorReason: 'DUP', UserFacingReason: 'Duplicate lead' }], Campaigns: [newCampaignPick()] };
    expect(newVendorValues().Status).toBe(1);
    const body = vendorBody(values);
    expect(body).not.toHaveProperty('Campaigns');
    expect(body.DisputeReasons).toEqual([{ VendorReason: 'DUP', UserFacingReason: 'Duplicate lead' }]);
  });

  it('makes a picked campaign a campaign vendor of the new vendor at its price, without eBureau', () => {
    expect(campaignVendorBody({ key: 'k', CampaignId: 'C-1', VendorPrice: 12.5 }, 'V-9')).toEqual({ CampaignId: 'C-1', VendorId: 'V-9', VendorPrice: 12.5, CheckEbureau: false });
  });

  it("an empty new vendor has the spec's required messages on their fields", () => {
    expect(vendorFormErrors(newVendorValues(), null)).toEqual({
      Name: VENDOR_MESSAGES.nameRequired,
      Code: VENDOR_MESSAGES.codeRequired,
      'VendorContact.AddressLine1': VENDOR_MESSAGES.addressRequired,
      'VendorContact.City': VENDOR_MESSAGES.cityRequired,
      'VendorContact.State': VENDOR_MESSAGES.stateRequired,
      'VendorContact.Zip': VENDOR_MESSAGES.zipRequired,
    });
    expect(vendorFormErrors(valid(), null)).toEqual({});
  });

  it("a contact e-mail, if given, must be valid ('Invalid email')", () => {
    const values = valid();
    values.VendorContact.Email = 'not-an-address';
    expect(vendorFormErrors(values, null)).toEqual({ 'VendorContact.Email': VENDOR_MESSAGES.invalidEmail });
  });

  it('a Select Campaigns row needs a campaign and a price the campaign vendor call takes', () => {
    const values = { ...valid(), Campaigns: [newCampaignPick(), { key: 'b', CampaignId: 'C-1', VendorPrice: 1234.56 }, { key: 'c', CampaignId: 'C-2', VendorPrice: 12.5 }] };
    expect(vendorFormErrors(values, null)).toEqual({
      'Campaigns.0.CampaignId': 'A campaign is required',
      'Campaigns.0.VendorPrice': 'Vendor price is required',
      'Campaigns.1.VendorPrice': CAMPAIGN_MESSAGES.priceFormat,
    });
  });

  it('posts per minute start at the default and must be a whole number from 1 to 30,000', () => {
    expect(newVendorValues().PostsPerMinute).toBe(600);
    for (const wrong of ['', 0, 30_001, 2.5] as const)
      expect(vendorFormErrors({ ...valid(), PostsPerMinute: wrong as number }, null), String(wrong)).toEqual({ PostsPerMinute: VENDOR_MESSAGES.postsPerMinute });
    expect(vendorFormErrors({ ...valid(), PostsPerMinute: 30_000 }, null)).toEqual({});
  });

  it('a Vendor Reason listed twice is the list’s own error', () => {
    const reason = { VendorReason: 'DUP', UserFacingReason: 'Duplicate lead' };
    const values = { ...valid(), DisputeReasons: [{ key: 'a', ...reason }, { key: 'b', ...reason, VendorReason: 'dup' }] };
    expect(vendorFormErrors(values, null)).toEqual({ DisputeReasons: VENDOR_MESSAGES.duplicateReason });
  });

  it('validates the edit form with the update schema and the vendor read', () => {
    const values = editVendorValues(stored);
    expect(vendorFormErrors(values, { VendorId: 'V-1', Revision: 4 })).toEqual({});
    values.Name = ' ';
    expect(vendorFormErrors(values, { VendorId: 'V-1', Revision: 4 })).toEqual({ Name: VENDOR_MESSAGES.nameRequired });
  });

  it("keeps the revision its own token or admin change moved on by one, but not someone else's", () => {
    expect(revisionAfterSideChange(4, 5)).toBe(5);
    expect(revisionAfterSideChange(4, 7)).toBe(4);
  });

  it("shows a token's last four behind dots, or that there is none yet", () => {
    expect(tokenDisplay('abcd')).toBe('••••abcd');
    expect(tokenDisplay(null)).toBe('No token yet');
  });
});
