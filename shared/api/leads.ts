// My Leads (part 3 §2, §7): an agent's leads over a date range, and their exports (agent and admin view).
// "received" are the leads delivered to the agent; "distributed" the leads the agent's orders bought and
// delivered to someone else (their downline); "all" both. Days are read in the viewed agent's time zone.
import { z } from 'zod';
import { consentEvidenceSchema } from './consent.ts';
import { DISPUTE_STATUS_VALUES } from './disputes.ts';
import { TIME_ZONE_NAMES, type TimeZoneName } from '../time-zones.ts';
import { agentIdParam, built, dateRangeParams, downloadLink } from './define.ts';

export const LEADS_PAGE_SIZE = 10;
/** Part 3 §5, §9: start and end at most 90 days apart. */
export const LEADS_MAX_RANGE_DAYS = 90;
export const LEADS_RANGE_TOO_LONG = `The date range cannot be longer than ${LEADS_MAX_RANGE_DAYS} days.`;

export const DISTRIBUTIONS = ['all', 'distributed', 'received'] as const;
export type Distribution = (typeof DISTRIBUTIONS)[number];
export const BAD_DISTRIBUTION = 'Distribution must be all, distributed or received.';
const distribution = z.enum(DISTRIBUTIONS, { error: BAD_DISTRIBUTION });

export const LEAD_ID_FILTER_MESSAGE = 'Lead ID must be up to 9 digits.';
export const PHONE_FILTER_MESSAGE = 'Phone must be digits only.';

/** The advanced filters (part 3 §2, §5), the same on the table and on its exports. */
export const leadFiltersSchema = z.object({
  leadId: z.string().trim().regex(/^\d{1,9}$/, LEAD_ID_FILTER_MESSAGE).optional(),
  phone: z.string().trim().regex(/^\d{1,10}$/, PHONE_FILTER_MESSAGE).optional(),
  firstName: z.string().trim().min(1).max(50).optional(),
  lastName: z.string().trim().min(1).max(50).optional(),
  state: z.string().trim().regex(/^[A-Za-z]{2}$/, 'State must be two letters.').optional(),
  fundId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Fund id must be 1 to 64 letters, digits, dashes or underscores.').optional(),
  campaignId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Campaign id must be 1 to 64 letters, digits, dashes or underscores.').optional(),
  vendorId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Vendor id must be 1 to 64 letters, digits, dashes or underscores.').optional(),
  /** Only disputed leads, or only leads with a dispute of this status. */
  disputeStatus: z.enum(DISPUTE_STATUS_VALUES).optional(),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

const rangeWithin90Days = (p: { startDate: string; endDate: string }) =>
  Date.parse(`${p.endDate}T00:00:00Z`) - Date.parse(`${p.startDate}T00:00:00Z`) <= LEADS_MAX_RANGE_DAYS * 86_400_000;

/** The table's path: the agent and the range, at most 90 days. */
export const leadRangeParams = dateRangeParams({ agentId: agentIdParam }).refine(rangeWithin90Days, { message: LEADS_RANGE_TOO_LONG });

/** The exports' path: the range, the agent and which leads. */
export const leadExportParams = dateRangeParams({ agentId: agentIdParam, distribution }).refine(rangeWithin90Days, { message: LEADS_RANGE_TOO_LONG });

/** One row of My Leads (part 3 §3 Lead, agent view); money in dollars, times UTC ISO. */
export const agentLeadSchema = z.object({
  LeadId: z.string(),
  UserFacingLeadId: z.number(),
  UserFacingOrderId: z.number(),
  /** When the lead arrived (UTC ISO); the browser shows it in the agent's time zone. */
  LeadTimeStamp: z.string(),
  /** The arrival day in the viewed agent's time zone, YYYY-MM-DD. */
  LeadDate: z.string(),
  FundId: z.string().nullable(),
  FundName: z.string().nullable(),
  CampaignId: z.string(),
  SourceCampaignName: z.string(),
  VendorId: z.string().nullable(),
  VendorName: z.string().nullable(),
  FirstName: z.string(),
  LastName: z.string(),
  BirthDate: z.string().nullable(),
  Email: z.string().nullable(),
  PrimaryPhone: z.string(),
  Address1: z.string().nullable(),
  City: z.string().nullable(),
  StateCode: z.string(),
  ZipCode: z.string(),
  AgentPurchasePrice: z.number(),
  CompanyPurchasePrice: z.number(),
  Score: z.number().nullable(),
  LeadStatus: z.string(),
  DisputeStatus: z.enum(DISPUTE_STATUS_VALUES).nullable(),
  DisputeDateTime: z.string().nullable(),
  HasDispute: z.boolean(),
  AllowDisputes: z.boolean(),
  /** The end of the dispute window (receipt + 5 days, UTC ISO); the button shows before it only. */
  DisputeOpenUntil: z.string(),
  AffiliateCode: z.string().nullable(),
  UniversalLeadId: z.string().nullable(),
  /** The agent whose order bought the lead, and the agent it was delivered to. */
  AgentId: z.string(),
  AgentFirstName: z.string(),
  AgentLastName: z.string(),
  RecipientAgentId: z.string(),
  RecipientFirstName: z.string(),
  RecipientLastName: z.string(),
  /** received: delivered to the viewed agent; distributed: bought by them and delivered to someone else. */
  Distribution: z.enum(['received', 'distributed']),
  /** Why the lead came ("Matched your order 12: state IL, ..."). */
  Why: z.string(),
  /** The consumer's consent evidence (issue 24), for the agent who bought the lead. */
  Consent: consentEvidenceSchema,
});
export type AgentLeadDto = z.infer<typeof agentLeadSchema>;

/** A choice of the advanced filter: an id and its name. */
const choiceSchema = z.object({ Id: z.string(), Name: z.string() });

export const agentLeadsPageSchema = z.object({
  AgentId: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  TimeZone: z.enum(TIME_ZONE_NAMES as [TimeZoneName, ...TimeZoneName[]]),
  Distribution: distribution,
  TotalCount: z.number(),
  Page: z.number(),
  PageSize: z.number(),
  TotalPages: z.number(),
  Leads: z.array(agentLeadSchema),
  /** The funds, campaigns and vendors of the range's leads (before the filters): the drawer's choices. */
  Choices: z.object({ Funds: z.array(choiceSchema), Campaigns: z.array(choiceSchema), Vendors: z.array(choiceSchema) }),
});
export type AgentLeadsPageDto = z.infer<typeof agentLeadsPageSchema>;

export const myLeadsApi = {
  'leads.listForAgent': built({
    params: leadRangeParams,
    query: leadFiltersSchema.extend({
      distribution: distribution.default('all'),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
    }),
    response: agentLeadsPageSchema,
  }),
  'leads.agentExport': built({ params: leadExportParams, query: leadFiltersSchema, response: downloadLink }),
  'leads.adminExport': built({ params: leadExportParams, query: leadFiltersSchema, response: downloadLink }),
} as const;
