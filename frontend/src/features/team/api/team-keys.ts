// Query keys of the team feature, from the broadest to one page. The lists sit under the app-wide
// agent-list key, so a money movement (api/balance-views.ts) refreshes their Current Balance column
// and nothing else of the team.
import { AGENT_LIST_KEY } from '@/api/balance-views.ts';
import type { TeamQuery } from './list-agents.ts';

export const teamKeys = {
  lists: () => AGENT_LIST_KEY,
  list: (query: TeamQuery) => [...AGENT_LIST_KEY, query] as const,
};
