// A lead a visitor submitted through a public form (spec part 3 §3 Sales lead and Employer lead, §7
// POST sales/lead and sales/employer): the form's fields, the contract and campaign it came in on,
// the consent evidence, and where it stands on its way to the lead engine.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

/**
 * Received: stored, not (yet) taken by the lead engine: nothing is sold or charged; Routed: the
 * engine took it (`intake` says what became of it); Refused: the campaign's criteria refused it.
 */
export const PUBLIC_FORM_LEAD_STATUSES = ['Received', 'Routed', 'Refused'] as const;
export type PublicFormLeadStatus = (typeof PUBLIC_FORM_LEAD_STATUSES)[number];

/** What the lead engine answered (intakeLead): its lead and result, or the criteria's messages. */
const intakeResult = z.object({
  at: z.string(),
  leadId: z.string().optional(),
  userFacingLeadId: z.number().int().optional(),
  result: z.string().optional(),
  reasons: z.array(z.string()).optional(),
});

const employerFields = z.object({
  jobTitle: z.string(),
  companyName: z.string(),
  numberOfEmployees: z.number().int().nonnegative(),
  employeesOver65: z.string(),
  companyIndustry: z.string(),
  groupCoverage: z.string(),
});

/** What the visitor agreed to, and when, where and from which address (TCPA evidence). */
const consentEvidence = z.object({
  /** The consent script exactly as the page showed it (shared/sales-forms.ts). */
  text: z.string(),
  version: z.string(),
  /** When the server received the submission (ISO). */
  at: z.string(),
  /** The caller's address as CloudFront saw it (CloudFront-Viewer-Address; functions/sales/caller.ts). */
  ip: z.string(),
  /** The page the visitor submitted from; '' when the request did not name a web address. */
  pageUrl: z.string(),
  userAgent: z.string(),
});

export const PublicFormLead = defineEntity({
  entity: 'PublicFormLead',
  version: 1,
  schema: z.object({
    leadId: z.string(),
    form: z.enum(['lead', 'employer']),
    contractId: z.string(),
    campaignId: z.string(),
    lineOfBusiness: z.string(),
    status: z.enum(PUBLIC_FORM_LEAD_STATUSES),
    receivedAt: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    address: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    county: z.string(),
    state: z.string(),
    zipCode: z.string(),
    /** MM/DD/YYYY as typed; '' on an employer lead without one. */
    birthDate: z.string(),
    /** Ten digits. */
    phone: z.string(),
    alternatePhone: z.string(),
    email: z.string(),
    contactTime: z.string(),
    contactDay: z.string(),
    notes: z.string(),
    employer: employerFields.optional(),
    consent: consentEvidence,
    intake: intakeResult.optional(),
    /** When the retention job removed the personal fields (functions/core/leads/retention.ts). */
    anonymisedAt: z.string().optional(),
  }),
  /** public-form lead by id */
  key: (l: { leadId: string }) => ({ pk: `SALES_LEAD#${l.leadId}`, sk: 'SALES_LEAD' }),
  indexes: {
    /** public-form leads by status, oldest first (#87a: what still waits for the lead engine) */
    byStatus: {
      index: 'gsi1',
      attributes: ['status', 'receivedAt', 'leadId'],
      key: (l) => ({ pk: `PUBLIC_FORM_LEADS#${l.status}`, sk: `${l.receivedAt}#${l.leadId}` }),
      query: (status: PublicFormLeadStatus) => ({ pk: `PUBLIC_FORM_LEADS#${status}` }),
    },
    /** public-form leads of a contract (the Internal Leads report's source) by time (#92) */
    bySource: {
      index: 'gsi2',
      attributes: ['contractId', 'receivedAt', 'leadId'],
      key: (l) => ({ pk: `INTERNAL_LEADS#${l.contractId.trim().toLowerCase()}`, sk: `${l.receivedAt}#${l.leadId}` }),
      query: (contractId: string, from: string, to: string) => ({
        pk: `INTERNAL_LEADS#${contractId.trim().toLowerCase()}`,
        sk: { between: [from, to] as const },
      }),
    },
  },
});
export type PublicFormLead = z.infer<typeof PublicFormLead.schema>;
