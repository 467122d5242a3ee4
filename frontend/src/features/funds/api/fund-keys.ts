// Query keys of the funds screens, broadest first. ['fund'] is also the Available Funds dialog's key,
// so a fund change invalidates the dialog's list with the summary's.
export const fundKeys = {
  all: ['fund'] as const,
  summary: () => [...fundKeys.all, 'summary'] as const,
  detail: (fundId: string) => [...fundKeys.all, 'detail', fundId] as const,
  history: (fundId: string) => [...fundKeys.all, 'history', fundId] as const,
  makeup: (fundId: string) => [...fundKeys.all, 'makeup', fundId] as const,
  agentSearch: (search: AgentSearch) => ['agent', 'fund-search', search] as const,
};

export interface AgentSearch {
  agentId: string;
  firstName: string;
  lastName: string;
  page: number;
}
