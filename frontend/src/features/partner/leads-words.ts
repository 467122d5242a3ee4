// The partner Leads and Returns pages' words (issue 24): outcomes, answers and return statuses as the
// vendor reads them.
import { OUTCOME_LABELS, type PartnerLeadRow, type PartnerReturn } from '#shared/api/partner-data.ts';

/** The outcome a row shows: its status, and "returned" after a sold one that was returned. */
export function outcomeWords(row: Pick<PartnerLeadRow, 'LeadStatus' | 'Returned'>): string {
  return row.Returned ? `${OUTCOME_LABELS[row.LeadStatus]}, then returned` : OUTCOME_LABELS[row.LeadStatus];
}

/** The badge colour of an outcome. */
export function outcomeColor(row: Pick<PartnerLeadRow, 'LeadStatus' | 'Returned'>): string {
  if (row.Returned) return 'red';
  return { Sold: 'teal', Unsold: 'gray', CallCenter: 'indigo', Duplicate: 'yellow', Rejected: 'red' }[row.LeadStatus];
}

export const ANSWER_WORDS = { sold: 'Sold', unsold: 'Unsold', duplicate: 'Duplicate', rejected: 'Rejected' } as const;

export const RETURN_STATUS_WORDS: Record<PartnerReturn['Status'], string> = {
  Submitted: 'Waiting for a decision',
  Approved: 'Approved: returned',
  Denied: 'Denied',
};

/** "Approved by an automatic check on 3/7/2026, 10:15:00 AM", as far as it is decided. */
export function decisionWords(r: Pick<PartnerReturn, 'Status' | 'DecidedBy' | 'DecidedAt'>, format: (at: string) => string): string {
  if (r.Status === 'Submitted') return 'Waiting for a decision.';
  const by = r.DecidedBy === 'Automatic check' ? ' by an automatic check' : r.DecidedBy === 'Staff' ? ' by staff' : '';
  return `${r.Status}${by}${r.DecidedAt ? ` on ${format(r.DecidedAt)}` : ''}.`;
}
