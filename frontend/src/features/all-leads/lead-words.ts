// A lead's decision in plain words for staff: its status, the routing rule's choice, each sale and each
// order the engine considered (took it, or was passed over and why).
import { formatDollars } from '@/components/money.ts';
import type { LeadDetail } from '#shared/api/all-leads.ts';

type Status = LeadDetail['Lead']['LeadStatus'];
type Person = LeadDetail['Sales'][number]['Agent'];

export const STATUS_WORDS: Record<Status, string> = {
  Sold: 'Sold',
  Unsold: 'Unsold',
  Duplicate: 'Duplicate',
  Rejected: 'Rejected',
  CallCenter: 'Call center',
};

/** "Pat Agent (A123)", or the id alone when the agent is gone. */
export function personName(p: Person): string {
  const name = [p.FirstName, p.LastName].filter(Boolean).join(' ');
  return name ? `${name} (${p.AgentId})` : p.AgentId;
}

const orderName = (number: number | null, orderId: string) => (number === null ? `Order ${orderId}` : `Order #${number}`);

export function routingWords(detail: Pick<LeadDetail, 'Routing' | 'Lead'>): string {
  const { Routing: r, Lead: lead } = detail;
  const rule = r.RuleName ? `The routing rule "${r.RuleName}"` : 'The routing rule';
  if (r.RoutedTo === 'callCenter') return `${rule} sent it to the call center${r.CallCenterList ? ` (list ${r.CallCenterList})` : ''}.`;
  if (r.RoutedTo === 'post') return `${rule} sent it to the post target: the agents' orders.`;
  if (lead.LeadStatus === 'Rejected' || lead.LeadStatus === 'Duplicate') return 'It stopped before routing.';
  return 'No routing rule matched it; it went to the agents\u2019 orders.';
}

export function saleWords(sale: LeadDetail['Sales'][number]): string {
  const delivered = sale.Recipient.AgentId === sale.Agent.AgentId ? '' : `, delivered to ${personName(sale.Recipient)}`;
  const fund = sale.FundName ? ` from the fund ${sale.FundName}` : '';
  return `Bought by ${personName(sale.Agent)} through order #${sale.UserFacingOrderId}${fund} for ${formatDollars(sale.AgentPurchasePrice)} (company price ${formatDollars(sale.CompanyPurchasePrice)})${delivered}.`;
}

/** The orders passed over for one reason beyond those the trace lists. */
export function omittedWords(o: LeadDetail['TraceOmitted'][number]): string {
  return `${o.Count} more ${o.Count === 1 ? 'order was' : 'orders were'} passed over: ${o.Reason}`;
}

export function traceWords(step: LeadDetail['Trace'][number]): string {
  const who = `${orderName(step.UserFacingOrderId, step.OrderId)} of ${personName(step.Agent)}`;
  return step.TookLead ? `${who} took the lead.` : `${who} was passed over: ${step.Reason}`;
}
