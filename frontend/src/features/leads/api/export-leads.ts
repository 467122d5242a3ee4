// GET /api/leads/agentLeadExport|adminLeadExport/startDate/{..}/endDate/{..}/{agentId}/{distribution}?filters:
// the filtered rows as a CSV file in the exports bucket, answered with a short-lived link (part 3 §7).
import { useMutation } from '@tanstack/react-query';
import type { Distribution, LeadFilters } from '#shared/api/leads.ts';
import { callApi } from '@/api/client.ts';

export interface LeadsExportRequest {
  /** The admin view exports through adminLeadExport, My Leads through agentLeadExport. */
  admin: boolean;
  agentId: string;
  startDate: string;
  endDate: string;
  distribution: Distribution;
  filters: LeadFilters;
}

export const exportLeads = ({ admin, filters, ...params }: LeadsExportRequest) =>
  admin ? callApi('leads.adminExport', { params, query: filters }) : callApi('leads.agentExport', { params, query: filters });

/** A mutation rather than a query: every press writes a new file, and nothing is cached. */
export const useExportLeads = () => useMutation({ mutationFn: exportLeads });
