// The retention pass (the leadRetention job, daily; issue 11 "Personal data"): after the configured
// period (default 36 months) a lead keeps its money and performance facts (ids, campaign, vendor,
// status, score, state and zip, sales, trace, consent's text and time) and loses the person: names,
// phone, e-mail, address, birth date, gender, the universal lead id, notes and the consent's IP and
// page; its disputes lose the agent's comments and a staff reason (free text that may name the
// person; the pre-checks' evidence names no one and stays); a call-center lead's dialer file
// (.data/callcenter/, or callcenter/ in the uploads bucket in AWS) is deleted. Public form submissions
// lose the same. No scan: the leads of the months that passed the limit come from the month index
// (gsi3 LEADS_MONTH#YYYY-MM#{shard}, the shards merged oldest first), the submissions from their
// status index, both read only between the window's start and the cutoff; a lead's disputes are in
// its own partition. Each lead is marked (LeadAnonymised, in the same transaction as the lead and its
// disputes) so a second run changes nothing; the dialer file goes before the mark, so a run that
// stops between them deletes it again.
import { z } from 'zod';
import { Dispute, type Dispute as DisputeItem } from '#entities/dispute.ts';
import { Lead, type Lead as LeadItem } from '#entities/lead.ts';
import { LeadAnonymised } from '#entities/lead-anonymised.ts';
import { PUBLIC_FORM_LEAD_STATUSES, PublicFormLead, type PublicFormLead as PublicFormLeadItem } from '#entities/public-form-lead.ts';
import { ConditionFailed, transactWrite, type TxItem } from '#platform/db.ts';
import { reportMonth } from '#platform/report-day.ts';
import { logger } from '#platform/logger.ts';
import { arrivalKey, mergeInOrder, monthShards } from './lead-months.ts';
import { providers } from './providers.ts';

export const DEFAULT_RETENTION_MONTHS = 36;
/**
 * How far before the cutoff each run looks: two months, so a job that missed runs (or a month's
 * turn) catches up, while a daily run reads only the few days that just passed the limit plus leads
 * it already did (skipped by the filter on the server side).
 */
export const RETENTION_WINDOW_DAYS = 62;

/** LEAD_RETENTION_MONTHS, read once when the job's module loads (cold start). */
export const retentionMonthsFrom = (env: NodeJS.ProcessEnv) =>
  z.coerce.number().int().min(1).max(600).default(DEFAULT_RETENTION_MONTHS).parse(env.LEAD_RETENTION_MONTHS || undefined);

export interface RetentionSummary {
  cutoff: string;
  months: string[];
  leads: number;
  formLeads: number;
  skipped: number;
  ms: number;
}

/** The moment `months` calendar months before now (UTC). */
export function retentionCutoff(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Every month of the leads' month index (gsi3 LEADS_MONTH#YYYY-MM, in the reporting time zone) from
 * the month of `from` to the month of `cutoff`, both included and in order: a window of 62 days spans
 * three or four months, and none of them may be skipped whatever the day of the run.
 */
export function retentionMonths(from: string, cutoff: string): string[] {
  const last = reportMonth(cutoff);
  const months: string[] = [];
  let [year, month] = reportMonth(from).split('-').map(Number) as [number, number];
  for (let current = reportMonth(from); current <= last; ) {
    months.push(current);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
    current = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months;
}

const notDone = { expression: 'primaryPhone <> :anonymised', values: { ':anonymised': '' } };

export async function runRetention(opts: { now?: Date; months?: number; deadline?: number } = {}): Promise<RetentionSummary> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const cutoff = retentionCutoff(now, opts.months ?? DEFAULT_RETENTION_MONTHS).toISOString();
  const from = new Date(Date.parse(cutoff) - RETENTION_WINDOW_DAYS * 86_400_000).toISOString();
  const deadline = opts.deadline ?? started + 800_000;
  const months = retentionMonths(from, cutoff);
  const summary: RetentionSummary = { cutoff, months, leads: 0, formLeads: 0, skipped: 0, ms: 0 };

  for (const month of months) {
    const shards = monthShards(month).map((q) => (cursor: string | undefined) => q.within({ between: [from, `${cutoff}#`] }).page({ cursor, filter: notDone, limit: 100 }));
    for await (const lead of mergeInOrder(shards, arrivalKey, false)) {
      if (lead.at >= cutoff) continue;
      if (await anonymiseLead(lead, now)) summary.leads++;
      else summary.skipped++;
      if (Date.now() >= deadline) break;
    }
  }

  for (const status of PUBLIC_FORM_LEAD_STATUSES) {
    let cursor: string | undefined;
    do {
      const page = await PublicFormLead.query
        .byStatus(status)
        .within({ between: [from, `${cutoff}#`] })
        .page({ cursor, filter: { expression: 'attribute_not_exists(anonymisedAt)' }, limit: 100 });
      for (const lead of page.items) {
        if (lead.receivedAt >= cutoff) continue;
        if (await anonymiseFormLead(lead, now)) summary.formLeads++;
        else summary.skipped++;
      }
      cursor = page.cursor;
    } while (cursor && Date.now() < deadline);
  }
  summary.ms = Date.now() - started;
  logger.info('Lead retention run', { ...summary });
  return summary;
}

/** The lead's personal attributes removed or emptied; the entity drops its phone index entry (Lead.withPhone's `when`). */
function anonymiseLeadTx(lead: LeadItem): TxItem {
  return Lead.patchTx(
    { leadId: lead.leadId },
    {
      set: { firstName: '', lastName: '', primaryPhone: '', consent: { text: lead.consent.text, at: lead.consent.at, ip: '', pageUrl: '' } },
      remove: ['email', 'address1', 'city', 'birthDate', 'gender', 'universalLeadId', 'businessEmail', 'notes'],
    },
    { current: lead },
  );
}

/** A dispute without the people's words: the agent's comments, and a staff decision's reason. */
function anonymiseDisputeTx(dispute: DisputeItem): TxItem {
  const staffReason = dispute.decisionReason !== undefined && dispute.decidedBy !== 'auto';
  return Dispute.patchTx({ leadId: dispute.leadId, agentId: dispute.agentId }, { set: { userComments: '', ...(staffReason ? { decisionReason: '' } : {}) } }, { current: dispute });
}

/** The lead without its person, its disputes' comments and its dialer file, and its mark; false when another run marked it first. */
async function anonymiseLead(lead: LeadItem, now: Date): Promise<boolean> {
  const disputes = await Dispute.query.ofLead(lead.leadId).all({ consistent: true });
  if (lead.callCenterList !== undefined || lead.routedTo === 'callCenter') await providers.dialer().remove(lead.callCenterList ?? '', lead.leadId);
  try {
    await transactWrite([
      anonymiseLeadTx(lead),
      ...disputes.map(anonymiseDisputeTx),
      LeadAnonymised.createTx({ leadId: lead.leadId, at: now.toISOString() }, { orFail: () => new ConditionFailed() }),
    ]);
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}

/** A form submission without its person (its contract, campaign, place and engine answer stay). */
async function anonymiseFormLead(lead: PublicFormLeadItem, now: Date): Promise<boolean> {
  try {
    await PublicFormLead.patch(
      { leadId: lead.leadId },
      {
        set: {
          firstName: '', lastName: '', address: '', addressLine2: '', birthDate: '', phone: '', alternatePhone: '', email: '', notes: '',
          consent: { ...lead.consent, ip: '', pageUrl: '', userAgent: '' },
          ...(lead.employer ? { employer: { ...lead.employer, jobTitle: '' } } : {}),
          anonymisedAt: now.toISOString(),
        },
      },
      { condition: { expression: 'attribute_not_exists(anonymisedAt)' } },
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}
