// The partner portal's Integration screen (issue 24): the campaigns a vendor posts to, each with the
// intake fields a lead must carry to pass it (the lead API's own required fields, shared/api/intake.ts,
// plus what the campaign's criteria require, functions/core/leads/rules.ts), and the token's last four;
// and the vendor itself, for the portal's header and GET /me.
import { intakeLeadBodySchema } from '#shared/api/intake.ts';
import { getMany } from '#platform/entity.ts';
import { NotFound } from '#platform/errors.ts';
import { CampaignValidation } from '#entities/campaign-validation.ts';
import { Vendor } from '#entities/vendor.ts';
import { PARTNER_MESSAGES } from '#shared/api/partner.ts';
import { assignedCampaigns } from '#core/catalogue/vendors.ts';

/** The vendor a partner portal shows (its header), or 404. */
export async function portalVendor(vendorId: string): Promise<Vendor> {
  const vendor = await Vendor.get({ vendorId });
  if (!vendor) throw new NotFound(PARTNER_MESSAGES.vendorNotFound);
  return vendor;
}

/** The name of a vendor user's vendor (GET /me), or '' if it is gone. */
export async function vendorNameOf(vendorId: string): Promise<string> {
  return (await Vendor.get({ vendorId }))?.name ?? '';
}

/** The fields every lead must carry, whatever the campaign: those the intake body schema does not let go missing. */
export const ALWAYS_REQUIRED: readonly string[] = Object.entries(intakeLeadBodySchema.shape)
  .filter(([, schema]) => !schema.safeParse(undefined).success)
  .map(([name]) => name);

/** What a campaign's criteria add, by intake field name, in the intake schema's order. */
export function criteriaFields(v: CampaignValidation | undefined): string[] {
  if (!v) return [];
  const ageLimited = v.minAge > 0 || v.maxAge > 0;
  const wanted: Record<string, boolean> = {
    Email: v.inEmailRequired || v.bzEmailRequired,
    Address1: v.addressLine1Required,
    City: v.cityRequired,
    StateCode: v.stateRequired,
    ZipCode: v.zipRequired,
    BirthDate: v.inDobRequired || ageLimited,
    Gender: v.inGenderRequired,
  };
  return Object.keys(intakeLeadBodySchema.shape).filter((name) => wanted[name]);
}

/** Every field a lead to this campaign must carry, in the intake schema's order (and the consent certificate, when the campaign asks for one). */
export function requiredFields(v: CampaignValidation | undefined): string[] {
  const needed = new Set([...ALWAYS_REQUIRED, ...criteriaFields(v)]);
  const fields = Object.keys(intakeLeadBodySchema.shape).filter((name) => needed.has(name));
  return v?.consentCertificateRequired ? [...fields, 'Consent.CertificateUrl'] : fields;
}

export interface IntegrationCampaign {
  campaignId: string;
  code: string;
  name: string;
  active: boolean;
  requiredFields: string[];
  minAge: number;
  maxAge: number;
}

export interface Integration {
  vendorId: string;
  tokenLastFour: string | null;
  sandboxTokenLastFour: string | null;
  campaigns: IntegrationCampaign[];
}

/** GET partner/{vendorId}/integration: the vendor's campaigns with their criteria's fields (one read per campaign, in one batch). */
export async function vendorIntegration(vendorId: string): Promise<Integration> {
  const vendor = await portalVendor(vendorId);
  const assigned = await assignedCampaigns(vendorId);
  const validations = assigned.length
    ? await getMany(Object.fromEntries(assigned.map(({ campaign }) => [campaign.campaignId, CampaignValidation.ref({ campaignId: campaign.campaignId })])))
    : {};
  return {
    vendorId,
    tokenLastFour: vendor.tokenLastFour ?? null,
    sandboxTokenLastFour: vendor.sandboxTokenLastFour ?? null,
    campaigns: assigned.map(({ campaign }) => {
      const v = validations[campaign.campaignId];
      return {
        campaignId: campaign.campaignId,
        code: campaign.code,
        name: campaign.name,
        active: campaign.status === 1 && vendor.status === 1,
        requiredFields: requiredFields(v),
        minAge: v?.minAge ?? 0,
        maxAge: v?.maxAge ?? 0,
      };
    }),
  };
}
