// The API contract of vendors (part 3 §2, §4, §7): the vendor list and form, tokens, admins, dispute reasons.
import { z } from 'zod';
import {
  disputeReasonSchema,
  VENDOR_FILTER_COLUMNS,
  VENDOR_MESSAGES,
  VENDOR_PAGE_SIZE,
  VENDOR_SORT_COLUMNS,
  vendorFormSchema,
  vendorUpdateSchema,
  type VendorFilterColumn,
} from '../vendors.ts';
import { areaContract, built, idParam } from './define.ts';
import { auditFieldsSchema } from './revision.ts';

const onOff = z.union([z.literal(0), z.literal(1)]);
const vendorIdParam = idParam('Vendor id');
const vendorParams = z.object({ vendorId: vendorIdParam });

/** A vendor's contact and address (part 3 §3 VendorContact). */
export const vendorContactDtoSchema = z.object({
  VendorContactId: z.string(),
  Name: z.string(),
  Email: z.string(),
  Phone: z.string(),
  AddressLine1: z.string(),
  AddressLine2: z.string(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
});

/** A vendor as the list, the table and the dialogs show it (part 3 §3 Vendor, without its parts). */
export const vendorRowSchema = z
  .object({
    VendorId: z.string(),
    Name: z.string(),
    Code: z.string(),
    Description: z.string(),
    Status: onOff,
    /** UTC ISO time. */
    Created: z.string(),
    CreatedBy: z.string(),
    Archived: z.boolean(),
    AllowCreditLineUse: z.boolean(),
    AllowDisputes: z.boolean(),
    AllowVariablePricing: z.boolean(),
    IsPartner: z.boolean(),
    AdminEmail: z.string().nullable(),
    /**
     * The spec's Token: the token itself is shown once, when it is generated, and never stored; this
     * is its last four characters (null while the vendor has none).
     */
    TokenLastFour: z.string().nullable(),
  })
  .extend(auditFieldsSchema.shape);
export type VendorRow = z.infer<typeof vendorRowSchema>;

export const vendorAdminDtoSchema = z.object({ Email: z.string(), Role: z.number(), InvitedAt: z.string(), InvitedBy: z.string() });

/** GET vendor/{id}: the vendor with its lead API limit, contact, administrators and dispute reasons (the edit form). */
export const vendorDetailsSchema = vendorRowSchema.extend({
  /** Leads and pings a minute the lead API takes from the vendor (its own, else the default). */
  PostsPerMinute: z.number(),
  /** The sandbox token's last four characters (issue 24; null while the vendor has none). */
  SandboxTokenLastFour: z.string().nullable(),
  VendorContact: vendorContactDtoSchema,
  Admins: z.array(vendorAdminDtoSchema),
  DisputeReasons: z.array(disputeReasonSchema),
});
export type VendorDetails = z.infer<typeof vendorDetailsSchema>;

/** GET vendor/names: what other screens' dropdowns need. */
export const vendorNameSchema = z.object({ VendorId: z.string(), Name: z.string(), Code: z.string(), Status: onOff });

/** GET vendor/{id}/campaignVendor: the vendor's assigned campaigns (Assigned Campaigns dialog). */
export const vendorCampaignSchema = z.object({
  CampaignVendorId: z.string(),
  CampaignId: z.string(),
  CampaignName: z.string(),
  CampaignCode: z.string(),
  CampaignStatus: onOff,
  StartDate: z.string(),
  EndDate: z.string(),
  VendorPrice: z.number(),
  MaxPrice: z.number(),
});
export type VendorCampaign = z.infer<typeof vendorCampaignSchema>;

// ---------------------------------------------------------------------------------------------
// GET VendorTable?page&pageSize&sortColumnName&sortOrder&filterObject[i].id&filterObject[i].Value

const TABLE_MESSAGES = {
  page: 'page must be a whole number of 1 or more.',
  pageSize: 'pageSize must be a whole number from 1 to 100.',
  sortColumn: `sortColumnName must be one of ${VENDOR_SORT_COLUMNS.join(', ')}.`,
  sortOrder: 'sortOrder must be asc or desc.',
  filterColumn: `filterObject id must be one of ${VENDOR_FILTER_COLUMNS.join(', ')}.`,
  filterTooLong: 'Filters can be at most 100 characters.',
} as const;

const whole = (message: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message }).pipe(z.number().int(message).min(min, message).max(max, message));

/** `filterObject[0].id=Name&filterObject[0].Value=acme` (case of `id`/`Value` as the spec writes it, or any). */
function gatherFilters(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const out: Record<string, unknown> = {};
  const filters = new Map<string, { id?: unknown; value?: unknown }>();
  for (const [key, value] of Object.entries(raw)) {
    const m = /^filterObject\[(\d{1,2})\]\.(id|value)$/i.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const entry = filters.get(m[1]!) ?? {};
    if (m[2]!.toLowerCase() === 'id') entry.id = value;
    else entry.value = value;
    filters.set(m[1]!, entry);
  }
  out.filters = [...filters.values()];
  return out;
}

export const vendorTableQuerySchema = z.preprocess(
  gatherFilters,
  z.object({
    page: whole(TABLE_MESSAGES.page, 1, 1_000_000).default(1),
    pageSize: whole(TABLE_MESSAGES.pageSize, 1, 100).default(VENDOR_PAGE_SIZE),
    sortColumnName: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.enum(VENDOR_SORT_COLUMNS, { error: TABLE_MESSAGES.sortColumn }).default('Name')),
    sortOrder: z
      .string()
      .optional()
      .transform((v) => (v ? v.toLowerCase() : 'asc'))
      .pipe(z.enum(['asc', 'desc'], { error: TABLE_MESSAGES.sortOrder })),
    filters: z
      .array(
        z.object({
          id: z.enum(VENDOR_FILTER_COLUMNS, { error: TABLE_MESSAGES.filterColumn }),
          value: z.string({ error: TABLE_MESSAGES.filterTooLong }).trim().max(100, TABLE_MESSAGES.filterTooLong).default(''),
        }),
      )
      .max(VENDOR_FILTER_COLUMNS.length * 2, TABLE_MESSAGES.filterColumn)
      .default([])
      .transform((list) => list.filter((f) => f.value !== '') as { id: VendorFilterColumn; value: string }[]),
  }),
);
export type VendorTableQuery = z.output<typeof vendorTableQuerySchema>;

export const vendorTablePageSchema = z.object({
  Vendors: z.array(vendorRowSchema),
  Pages: z.number(),
  TotalCount: z.number(),
});
export type VendorTablePage = z.infer<typeof vendorTablePageSchema>;

/** The answer of a change that bumps the vendor's revision outside the form (toggle, token, admin). */
const revisionAnswer = z.object({ VendorId: z.string() }).extend(auditFieldsSchema.shape);

export const vendorStatusAnswerSchema = revisionAnswer.extend({ Status: onOff });

/** POST vendor/{id}/token: the token, shown this once. */
export const vendorTokenAnswerSchema = revisionAnswer.extend({ Token: z.string(), TokenLastFour: z.string() });
export type VendorTokenAnswer = z.infer<typeof vendorTokenAnswerSchema>;

export const vendorAdminAnswerSchema = revisionAnswer.extend({ AdminEmail: z.string(), Role: z.number() });

const assignAdminParams = z.object({
  vendorId: vendorIdParam,
  email: z.email(VENDOR_MESSAGES.invalidEmail).max(254, VENDOR_MESSAGES.invalidEmail),
  role: z.literal('3', { error: VENDOR_MESSAGES.roleMustBe3 }),
});

export const vendorsApi = areaContract<'vendors'>()({
  'vendors.list': built({ response: z.array(vendorRowSchema) }),
  'vendors.names': built({ response: z.array(vendorNameSchema) }),
  'vendors.table': built({ query: vendorTableQuerySchema, response: vendorTablePageSchema }),
  'vendors.get': built({ params: vendorParams, response: vendorDetailsSchema }),
  'vendors.create': built({ body: vendorFormSchema, response: z.object({ VendorId: z.string() }) }),
  'vendors.update': built({ body: vendorUpdateSchema, response: vendorDetailsSchema }),
  'vendors.activate': built({ params: vendorParams, response: vendorStatusAnswerSchema }),
  'vendors.deactivate': built({ params: vendorParams, response: vendorStatusAnswerSchema }),
  'vendors.rotateToken': built({ params: vendorParams, response: vendorTokenAnswerSchema }),
  // The sandbox token (issue 24), shown this once like the real one: its leads are answered, never stored.
  'vendors.rotateSandboxToken': built({ params: vendorParams, response: vendorTokenAnswerSchema }),
  'vendors.assignAdmin': built({ params: assignAdminParams, response: vendorAdminAnswerSchema }),
  'vendors.campaignVendors': built({ params: vendorParams, response: z.array(vendorCampaignSchema) }),
  'vendors.disputeReasons': built({
    params: z.object({ vendorId: vendorIdParam, leadId: idParam('Lead id') }),
    response: z.array(disputeReasonSchema),
  }),
});
