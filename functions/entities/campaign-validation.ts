// A campaign's lead validation criteria (spec part 3 §3 CampaignValidation), kept beside the campaign
// in its partition so the edit form and the lead engine read both with one Query.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const CampaignValidation = defineEntity({
  entity: 'CampaignValidation',
  version: 1,
  schema: z.object({
    campaignId: z.string(),
    campaignValidationId: z.string(),
    addressLine1Required: z.boolean(),
    cityRequired: z.boolean(),
    stateRequired: z.boolean(),
    zipRequired: z.boolean(),
    countryRequired: z.boolean(),
    inEmailRequired: z.boolean(),
    bzEmailRequired: z.boolean(),
    inGenderRequired: z.boolean(),
    inDobRequired: z.boolean(),
    /** 0: no limit (the form sends ages only when above 0). */
    minAge: z.number().int().nonnegative(),
    maxAge: z.number().int().nonnegative(),
    /** Vendor leads must carry a consent certificate URL (issue 24); absent on items saved before it: false. */
    consentCertificateRequired: z.boolean().optional(),
  }),
  /** validation of a campaign */
  key: (v: { campaignId: string }) => ({ pk: `CAMPAIGN#${v.campaignId}`, sk: 'VALIDATION' }),
});
export type CampaignValidation = z.infer<typeof CampaignValidation.schema>;
