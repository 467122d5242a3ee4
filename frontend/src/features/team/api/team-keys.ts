// Query keys of the team feature, from the broadest to one page, so a change to agents (a transfer
// changes a balance shown in the list, a new agent joins) invalidates exactly the team's lists.
import type { TeamQuery } from './list-agents.ts';

export const teamKeys = {
  all: ['team'] as const,
  lists: () => [...teamKeys.all, 'list'] as const,
  list: (query: TeamQuery) => [...teamKeys.lists(), query] as const,
};
