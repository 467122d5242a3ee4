// The vendor form and list rules shared by the browser and the server (spec part 3 §2, §4, §5, §8, §9):
// one zod schema validates the Mantine form and the POST/PATCH body, so both say the spec's words.
import { z } from 'zod';
import { US_STATES } from './lookups.ts';
import { revisionSchema } from './api/revision.ts';
import { CAMPAIGN_MESSAGES, priceSchema } from './campaign.ts';

export const VENDOR_MESSAGES = {
  nameRequired: 'Vendor Name is required',
  codeRequired: 'Vendor Code is required',
  invalidEmail: 'Invalid email',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  zipRequired: 'Zip Code is required',
  invalidZip: 'Invalid Zip Code',
  stateRequired: 'State is required',
  duplicateCode: 'Duplicate vendor code.',
  saveFailed: 'Unable to save vendor',
  saved: 'Vendor saved successfully. Close this window to return to the Vendors page.',
  toggleConfirm: 'Are you sure you want to continue?',
  adminSet: 'Admin set. Email sent.',
  adminFailed: 'Unable to create Admin',
  // The spec gives no texts for these; they name what to fix.
  reasonRequired: 'Vendor Reason is required',
  userFacingReasonRequired: 'User Facing Reason is required',
  duplicateReason: 'Each Vendor Reason can be listed once.',
  tooManyReasons: 'A vendor can have at most 20 dispute reasons.',
  roleMustBe3: 'The administrator role must be 3.',
  notFound: 'Vendor not found.',
  postsPerMinute: 'Posts per minute must be a whole number from 1 to 30,000.',
} as const;

/** Part 3 §9: the vendors table pages at 10. */
export const VENDOR_PAGE_SIZE = 10;
/** The admin role number is fixed at 3 (part 3 §9). */
export const VENDOR_ADMIN_ROLE = 3;
export const MAX_DISPUTE_REASONS = 20;
/**
 * Leads and pings a vendor may post to the lead API in a UTC minute (not in the spec; docs/api.md
 * "Rate limit"): the default of a vendor without its own, and the bounds staff may set. At the most,
 * 500 a second, none of the vendor's keys nears a partition's 1,000 write units a second.
 */
export const POSTS_PER_MINUTE = { default: 600, min: 1, max: 30_000 } as const;

const STATE_CODES = new Set(US_STATES.map((s) => s.StateAbbreviation));

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

/** An optional e-mail: empty is fine, anything else must be an address ('Invalid email'). */
export const optionalEmail = z
  .string()
  .trim()
  .max(254, VENDOR_MESSAGES.invalidEmail)
  .refine((v) => v === '' || z.email().safeParse(v).success, VENDOR_MESSAGES.invalidEmail);

export const vendorContactSchema = z.object({
  /** Empty on create; the id read on edit. */
  VendorContactId: z.string().max(64).default(''),
  Name: text(100).default(''),
  Email: optionalEmail.default(''),
  Phone: text(30).default(''),
  AddressLine1: required(VENDOR_MESSAGES.addressRequired, 200),
  AddressLine2: text(200).default(''),
  City: required(VENDOR_MESSAGES.cityRequired, 100),
  State: z
    .string({ error: VENDOR_MESSAGES.stateRequired })
    .trim()
    .min(1, VENDOR_MESSAGES.stateRequired)
    .refine((v) => v === '' || STATE_CODES.has(v), VENDOR_MESSAGES.stateRequired),
  Zip: z
    .string({ error: VENDOR_MESSAGES.zipRequired })
    .trim()
    .min(1, VENDOR_MESSAGES.zipRequired)
    .refine((v) => v === '' || /^\d{5}$/.test(v), VENDOR_MESSAGES.invalidZip),
});
export type VendorContactInput = z.input<typeof vendorContactSchema>;

/** A dispute reason option (part 3 §3): the vendor's own code and what the agent reads. */
export const disputeReasonSchema = z.object({
  VendorReason: required(VENDOR_MESSAGES.reasonRequired, 100),
  UserFacingReason: required(VENDOR_MESSAGES.userFacingReasonRequired, 200),
});
export type DisputeReasonDto = z.infer<typeof disputeReasonSchema>;

const reasonsSchema = z
  .array(disputeReasonSchema)
  .max(MAX_DISPUTE_REASONS, VENDOR_MESSAGES.tooManyReasons)
  .refine((list) => new Set(list.map((r) => r.VendorReason.trim().toLowerCase())).size === list.length, VENDOR_MESSAGES.duplicateReason)
  .default([]);

/** What the create form sends (POST vendor). */
export const vendorFormSchema = z.object({
  Name: required(VENDOR_MESSAGES.nameRequired, 100),
  Code: required(VENDOR_MESSAGES.codeRequired, 50),
  Description: text(500).default(''),
  Status: z.union([z.literal(0), z.literal(1)]).default(1),
  Archived: z.boolean().default(false),
  IsPartner: z.boolean().default(false),
  AllowCreditLineUse: z.boolean().default(false),
  AllowDisputes: z.boolean().default(false),
  AllowVariablePricing: z.boolean().default(false),
  /** Absent: a new vendor gets the default, an edit keeps the vendor's own. */
  PostsPerMinute: z
    .number({ error: VENDOR_MESSAGES.postsPerMinute })
    .int(VENDOR_MESSAGES.postsPerMinute)
    .min(POSTS_PER_MINUTE.min, VENDOR_MESSAGES.postsPerMinute)
    .max(POSTS_PER_MINUTE.max, VENDOR_MESSAGES.postsPerMinute)
    .optional(),
  VendorContact: vendorContactSchema,
  DisputeReasons: reasonsSchema,
});
export type VendorFormInput = z.input<typeof vendorFormSchema>;
export type VendorForm = z.output<typeof vendorFormSchema>;

/** What the edit form sends (PATCH vendor): the form plus the vendor and the revision it read. */
export const vendorUpdateSchema = vendorFormSchema.extend({
  VendorId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'VendorId must be 1 to 64 letters, digits, dashes or underscores.'),
  Revision: revisionSchema,
});
export type VendorUpdateInput = z.input<typeof vendorUpdateSchema>;

/** The admin e-mail field: the assign button is enabled only with a valid, non-empty address (part 3 §4). */
export const adminEmailSchema = z.email(VENDOR_MESSAGES.invalidEmail).max(254, VENDOR_MESSAGES.invalidEmail);
export const isValidAdminEmail = (value: string) => value.trim() !== '' && adminEmailSchema.safeParse(value.trim()).success;

/** Sortable columns of the vendors table. */
export const VENDOR_SORT_COLUMNS = ['Name', 'Code', 'CreatedBy', 'Created', 'Status'] as const;
export type VendorSortColumn = (typeof VENDOR_SORT_COLUMNS)[number];
/** Columns the table filters by (filterObject[i].id). */
export const VENDOR_FILTER_COLUMNS = ['Name', 'Code', 'CreatedBy'] as const;
export type VendorFilterColumn = (typeof VENDOR_FILTER_COLUMNS)[number];

/** The vendor token as shown once: a prefix, then 43 base64url characters (32 random bytes). */
export const VENDOR_TOKEN_PATTERN = /^lpv_[A-Za-z0-9_-]{43}$/;

/**
 * Select Campaigns (create only): each chosen campaign becomes a campaign vendor (POST campaignVendors,
 * the campaigns area's call) once the vendor is saved. The texts and the price rule are the campaign
 * vendor rows' (§5: prices up to 6 characters), which is what POST campaignVendors checks.
 */
export const campaignPickSchema = z.object({
  CampaignId: z.string({ error: CAMPAIGN_MESSAGES.campaignRequired }).min(1, CAMPAIGN_MESSAGES.campaignRequired),
  VendorPrice: priceSchema(CAMPAIGN_MESSAGES.vendorPriceRequired),
});
export type CampaignPick = z.infer<typeof campaignPickSchema>;

/** The create form: the vendor and the campaigns to assign it to. */
export const vendorCreateFormSchema = vendorFormSchema.extend({ Campaigns: z.array(campaignPickSchema).default([]) });
/** The edit form: what PATCH vendor takes. */
export const vendorEditFormSchema = vendorUpdateSchema;
