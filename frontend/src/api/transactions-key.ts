// Query keys of transaction histories, broadest first. Every screen that changes a balance (a
// transfer, a card payment) invalidates the agent's key, so My Account never shows a stale ledger,
// and leaves every other agent's pages cached.
export const transactionKeys = {
  all: ['transactions'] as const,
  agent: (agentId: string) => [...transactionKeys.all, agentId] as const,
  page: (query: { agentId: string; startDate: string; endDate: string; page: number }) =>
    [...transactionKeys.agent(query.agentId), query.startDate, query.endDate, query.page] as const,
};

/** The prefix of one agent's transaction pages: what a money movement of that agent invalidates. */
export const transactionsKeyOf = transactionKeys.agent;
