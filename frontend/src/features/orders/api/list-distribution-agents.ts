// The owner's downline for Lead Distribution (spec part 2 §6, §7): GET /api/agent with the hierarchy
// request (PageNumber 1, PageSize 1000, sorted by AccountId). Agents without My Team get ids and names
// only; an agent whose row carries no Status or ParentAgentId is taken as active and of unknown parent.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export interface DownlineAgent {
  AgentId: string;
  FirstName: string;
  LastName: string;
  /** 1 active, 0 inactive or terminated. */
  Status: number;
  ParentAgentId: string | null | undefined;
}

export const HIERARCHY_PAGE_SIZE = 1000;

export const downlineQueryOptions = (ownerId: string) =>
  queryOptions({
    queryKey: ['order-wizard', 'downline', ownerId] as const,
    queryFn: async ({ signal }): Promise<DownlineAgent[]> => {
      const page = await callApi('agents.list', { query: { PageNumber: 1, PageSize: HIERARCHY_PAGE_SIZE, SortColumnName: 'AccountId', SortOrder: false }, signal });
      return page.Results.filter((a) => a.AgentId !== ownerId).map((a) => ({
        AgentId: a.AgentId,
        FirstName: a.FirstName,
        LastName: a.LastName,
        Status: 'Status' in a && typeof a.Status === 'number' ? a.Status : 1,
        ParentAgentId: 'ParentAgentId' in a ? (a.ParentAgentId as string | null) : undefined,
      }));
    },
    staleTime: 60_000,
  });
