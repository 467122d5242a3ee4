// GET /api/leads/agent/{agentId}/startDate/{YYYY-MM-DD}/endDate/{YYYY-MM-DD}?distribution&page&filters:
// one page (10 rows) of an agent's leads, with the range's funds, campaigns and vendors for the filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import type { Distribution, LeadFilters } from '#shared/api/leads.ts';
import { callApi } from '@/api/client.ts';
import { agentLeadsKey } from '@/api/notifications.ts';

export type AgentLeadsPage = ResponseOf<'leads.listForAgent'>;
export type AgentLead = AgentLeadsPage['Leads'][number];

export interface AgentLeadsQuery {
  agentId: string;
  startDate: string;
  endDate: string;
  distribution: Distribution;
  filters: LeadFilters;
  page: number;
}

export const leadKeys = {
  /** Every page of one agent's leads: what a dispute of one of them makes stale. */
  agent: agentLeadsKey,
  page: (q: AgentLeadsQuery) => [...leadKeys.agent(q.agentId), q.startDate, q.endDate, q.distribution, q.filters, q.page] as const,
};

export const getAgentLeads = ({ agentId, startDate, endDate, distribution, filters, page }: AgentLeadsQuery, signal?: AbortSignal) =>
  callApi('leads.listForAgent', { params: { agentId, startDate, endDate }, query: { ...filters, distribution, page }, signal });

export const agentLeadsQueryOptions = (q: AgentLeadsQuery) => queryOptions({ queryKey: leadKeys.page(q), queryFn: ({ signal }) => getAgentLeads(q, signal) });

/** The previous page stays on screen while the next loads, so paging does not flash an empty table. */
export const useAgentLeads = (q: AgentLeadsQuery) => useQuery({ ...agentLeadsQueryOptions(q), placeholderData: keepPreviousData });
