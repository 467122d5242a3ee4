// Vendors as the API shows them (part 3 §3): PascalCase, dollars at the edge, the token only as its
// last four characters, and the audit fields every catalogue answer carries.
import type { VendorCampaign, VendorDetails, VendorRow } from '#shared/api/vendors.ts';
import { centsToDollars } from '#shared/money.ts';
import { postsPerMinuteOf, type AssignedCampaign, type VendorWithParts } from '#core/catalogue/vendors.ts';
import type { Vendor } from '#entities/vendor.ts';

export function toVendorRow(v: Vendor): VendorRow {
  return {
    VendorId: v.vendorId,
    Name: v.name,
    Code: v.code,
    Description: v.description,
    Status: v.status,
    Created: v.createdAt,
    CreatedBy: v.createdBy,
    Archived: v.archived,
    AllowCreditLineUse: v.allowCreditLineUse,
    AllowDisputes: v.allowDisputes,
    AllowVariablePricing: v.allowVariablePricing,
    IsPartner: v.isPartner,
    AdminEmail: v.adminEmail ?? null,
    TokenLastFour: v.tokenLastFour ?? null,
    // Vendors written before revisions existed were last changed by whoever created them.
    ModifiedBy: v.modifiedBy || v.createdBy,
    LastUpdated: v.lastUpdated,
    Revision: v.revision,
  };
}

export function toVendorDetails({ vendor, contact, admins, reasons }: VendorWithParts): VendorDetails {
  return {
    ...toVendorRow(vendor),
    PostsPerMinute: postsPerMinuteOf(vendor),
    SandboxTokenLastFour: vendor.sandboxTokenLastFour ?? null,
    VendorContact: {
      VendorContactId: contact?.vendorContactId ?? '',
      Name: contact?.name ?? '',
      Email: contact?.email ?? '',
      Phone: contact?.phone ?? '',
      AddressLine1: contact?.addressLine1 ?? '',
      AddressLine2: contact?.addressLine2 ?? '',
      City: contact?.city ?? '',
      State: contact?.state ?? '',
      Zip: contact?.zip ?? '',
    },
    Admins: admins.map((a) => ({ Email: a.email, Role: a.role, InvitedAt: a.invitedAt, InvitedBy: a.invitedBy })),
    DisputeReasons: reasons.map((r) => ({ VendorReason: r.vendorReason, UserFacingReason: r.userFacingReason })),
  };
}

export function toVendorCampaign({ link, campaign }: AssignedCampaign): VendorCampaign {
  return {
    CampaignVendorId: link.campaignVendorId,
    CampaignId: campaign.campaignId,
    CampaignName: campaign.name,
    CampaignCode: campaign.code,
    CampaignStatus: campaign.status,
    StartDate: campaign.startDate,
    EndDate: campaign.endDate,
    VendorPrice: centsToDollars(link.vendorPriceCents),
    MaxPrice: centsToDollars(link.maxPriceCents),
  };
}
