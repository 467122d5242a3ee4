// The public lead forms (spec part 3 §4 "Sales forms", §7 "Public sales"): which form a contract
// number uses, and a visitor's submission checked again on the server (contract, line of business,
// zip), guarded against abuse (a per-IP rate, the honeypot) and stored with its consent evidence as a
// PublicFormLead with status Received, then handed to the lead engine (`intakeLead`, source
// publicForm). Routing, matching and charging are the engine's; while it cannot take the lead (not
// built yet, or failing) the submission stays Received, in the index of what waits for it.
import { randomUUID } from 'node:crypto';
import { contractByNumber } from '../catalogue/contract-maps.ts';
import { findZip } from '../address/zip-lookup.ts';
import { NotFound, NotImplemented, TooManyRequests, ValidationFailed } from '#platform/errors.ts';
import { logger } from '#platform/logger.ts';
import { PublicFormLead } from '#entities/public-form-lead.ts';
import { intakeLead, type IntakeLeadInput } from '#core/leads/intake.ts';
import { takeRateSlot, type RateKind } from '#entities/rate-window.ts';
import {
  CONSENT_SCRIPT,
  formForLineOfBusiness,
  HONEYPOT_FIELD,
  SALES_FORM_MESSAGES,
  type EmployerLead,
  type SalesFormKind,
  type SalesLead,
  type SalesLob,
} from '#shared/sales-forms.ts';

/**
 * Calls a minute one address may make (docs/api.md Decisions "Public forms"): a visitor loads the
 * form (one lob call) and looks up a zip or two; a family or an office behind one address submits a
 * few leads. Far above either, far below what filling the table would take.
 */
export const PUBLIC_RATE_LIMITS: Record<RateKind, number> = { salesLookup: 60, salesSubmit: 10 };
/** Bodies above this are refused before parsing: a full form with 1000 characters of notes is ~2.5 KB. */
export const PUBLIC_FORM_MAX_BODY_BYTES = 16_384;

/** Refuses the caller's call once over its kind's rate this minute (429 with Retry-After). */
export async function guardRate(kind: RateKind, ip: string, now = new Date()): Promise<void> {
  if (await takeRateSlot(kind, ip, PUBLIC_RATE_LIMITS[kind], now)) return;
  logger.warn('Public form rate limit reached', { kind });
  throw new TooManyRequests(SALES_FORM_MESSAGES.tooManyRequests, 60 - now.getUTCSeconds());
}

/** GET sales/lob/{contractNumber}: the campaign's line of business and its form; unknown: 404. */
export async function lineOfBusinessOf(contractNumber: string): Promise<SalesLob> {
  const found = await contractByNumber(contractNumber);
  if (!found?.campaign) throw new NotFound(SALES_FORM_MESSAGES.contractInvalid);
  const lob = found.lineOfBusiness ?? '';
  return { ContractNumber: found.contract.contractId, LineOfBusiness: lob, Form: formForLineOfBusiness(lob) };
}

/** Where a submission came from, as the request shows it (never the page's word alone). */
export interface SubmissionContext {
  ip: string;
  userAgent: string;
  now: Date;
}

type Submission = { form: 'lead'; input: SalesLead } | { form: 'employer'; input: EmployerLead };

const FORM_OF: Record<Submission['form'], SalesFormKind> = { lead: 'LeadsForm', employer: 'EmployerForm' };

/** Only a web address is kept as the page URL; anything else is not evidence. */
function pageUrlOf(text: string): string {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '';
  } catch {
    return '';
  }
}

/**
 * POST sales/lead and sales/employer: the contract must be one whose campaign's line of business uses
 * this form; City, County and State are the zip's (the page fills them from the same look-up); the
 * submission is stored once with its consent evidence. A filled honeypot is answered the same way
 * and nothing is stored. Nothing personal is logged.
 */
export async function submitPublicForm(submission: Submission, context: SubmissionContext): Promise<{ leadId: string; stored: boolean }> {
  await guardRate('salesSubmit', context.ip, context.now);
  const { input } = submission;
  if (input[HONEYPOT_FIELD] !== '') {
    logger.warn('Public form honeypot filled; not stored', { form: submission.form });
    return { leadId: randomUUID(), stored: false };
  }

  const contract = await contractByNumber(input.ContractID);
  if (!contract?.campaign || formForLineOfBusiness(contract.lineOfBusiness) !== FORM_OF[submission.form])
    throw new ValidationFailed(SALES_FORM_MESSAGES.contractInvalid);
  const place = await findZip(input.ZipCode);
  if (!place) throw new ValidationFailed(SALES_FORM_MESSAGES.zipNotFound);

  const receivedAt = context.now.toISOString();
  const lead: PublicFormLead = {
    leadId: randomUUID(),
    form: submission.form,
    contractId: contract.contract.contractId,
    campaignId: contract.campaign.campaignId,
    lineOfBusiness: contract.lineOfBusiness ?? '',
    status: 'Received',
    receivedAt,
    firstName: input.FirstName,
    lastName: input.LastName,
    address: input.Address,
    addressLine2: input.AddressLine2,
    city: place.city,
    county: place.county,
    state: place.state,
    zipCode: place.zip,
    birthDate: input.BirthDate,
    phone: input.Phone,
    alternatePhone: input.AlternatePhone,
    email: input.Email,
    contactTime: input.ContactTime,
    contactDay: input.ContactDay,
    notes: input.Notes,
    ...(submission.form === 'employer'
      ? {
          employer: {
            jobTitle: submission.input.JobTitle,
            companyName: submission.input.CompanyName,
            numberOfEmployees: Number(submission.input.NumberOfEmployees),
            employeesOver65: submission.input.EmployeesOver65,
            companyIndustry: submission.input.CompanyIndustry,
            groupCoverage: submission.input.GroupCoverage,
          },
        }
      : {}),
    consent: {
      text: CONSENT_SCRIPT.text,
      version: CONSENT_SCRIPT.version,
      at: receivedAt,
      ip: context.ip,
      pageUrl: pageUrlOf(input.PageUrl),
      userAgent: context.userAgent.slice(0, 500),
    },
  };
  // The source's day count (the Internal Leads report's TotalCount and paging) is the projector's (#92a).
  await PublicFormLead.create(lead);
  logger.info('Public form lead received', { form: submission.form, leadId: lead.leadId, campaignId: lead.campaignId });
  await handToEngine(lead, context.now);
  return { leadId: lead.leadId, stored: true };
}

/** MM/DD/YYYY as the engine's YYYY-MM-DD; none when the form had none. */
const isoDay = (birthDate: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(birthDate);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : undefined;
};

/** The stored submission as the engine's input; the submission's id is its source id (a retry is a replay). */
export function engineInputOf(lead: PublicFormLead): IntakeLeadInput {
  const birthDate = isoDay(lead.birthDate);
  return {
    source: 'publicForm',
    campaignId: lead.campaignId,
    sourceId: lead.leadId,
    lead: {
      firstName: lead.firstName,
      lastName: lead.lastName,
      primaryPhone: lead.phone,
      address1: lead.address,
      city: lead.city,
      stateCode: lead.state,
      zipCode: lead.zipCode,
      ...(birthDate ? { birthDate } : {}),
      // An employer form's e-mail is the business one (CampaignValidation Bz_EmailRequired).
      ...(lead.email ? (lead.form === 'employer' ? { businessEmail: lead.email } : { email: lead.email }) : {}),
      ...(lead.notes ? { notes: lead.notes } : {}),
    },
    consent: { text: lead.consent.text, textVersion: lead.consent.version, at: lead.consent.at, ip: lead.consent.ip, pageUrl: lead.consent.pageUrl },
    at: new Date(lead.receivedAt),
  };
}

/**
 * Hands the stored submission to the lead engine and records its answer. The visitor's submission is
 * already safe: an engine that fails (or is not built yet) leaves it Received for a later pass, and
 * the visitor is still told it was submitted.
 */
async function handToEngine(lead: PublicFormLead, now: Date): Promise<void> {
  try {
    const outcome = await intakeLead(engineInputOf(lead));
    const at = now.toISOString();
    if (outcome.status === 'accepted') {
      await PublicFormLead.patch(
        { leadId: lead.leadId },
        {
          set: {
            status: 'Routed',
            intake: { at, leadId: outcome.leadId, userFacingLeadId: outcome.userFacingLeadId, result: outcome.result, ...(outcome.reasons ? { reasons: outcome.reasons } : {}) },
          },
        },
        { current: lead },
      );
    } else {
      await PublicFormLead.patch({ leadId: lead.leadId }, { set: { status: 'Refused', intake: { at, reasons: outcome.errorMessages } } }, { current: lead });
    }
    logger.info('Public form lead handed to the lead engine', { leadId: lead.leadId, outcome: outcome.status });
  } catch (error) {
    // Until the engine is built it answers 501 (NotImplemented): expected, so not a warning.
    const log = error instanceof NotImplemented ? logger.info : logger.warn;
    log('Public form lead left Received: the lead engine did not take it', { leadId: lead.leadId, error: error instanceof Error ? error.name : 'unknown' });
  }
}
