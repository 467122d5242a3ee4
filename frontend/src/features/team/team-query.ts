// From the My Team table's state to the GET /api/agent parameters (spec part 1 §2.4, §7, §9): pages
// of 25, but the very first request asks for 10 so the first rows paint sooner; the table then
// fills its first page of 25. Empty filters are left out; the default sort is by last name.
import { AGENT_LIST_FIRST_PAGE_SIZE, AGENT_LIST_PAGE_SIZE, type AgentSortColumn } from '#shared/agent-list.ts';
import type { TeamQuery } from './api/list-agents.ts';

export interface TeamFilters {
  AgentId: string;
  FirstName: string;
  LastName: string;
}

export interface TeamSort {
  column: AgentSortColumn;
  descending: boolean;
}

export const NO_FILTERS: TeamFilters = { AgentId: '', FirstName: '', LastName: '' };
export const DEFAULT_SORT: TeamSort = { column: 'LastName', descending: false };

const filterValue = (text: string) => text.trim() || undefined;

export function filterQuery(filters: TeamFilters, sort: TeamSort): Omit<TeamQuery, 'PageNumber' | 'PageSize'> {
  return {
    AgentId: filterValue(filters.AgentId),
    FirstName: filterValue(filters.FirstName),
    LastName: filterValue(filters.LastName),
    SortColumnName: sort.column,
    SortOrder: sort.descending,
  };
}

export function teamQuery(input: { page: number; filters: TeamFilters; sort: TeamSort; firstAnswered: boolean }): TeamQuery {
  return {
    PageNumber: input.page,
    PageSize: input.firstAnswered ? AGENT_LIST_PAGE_SIZE : AGENT_LIST_FIRST_PAGE_SIZE,
    ...filterQuery(input.filters, input.sort),
  };
}
