// The query-key prefix of one agent's transaction history. Every screen that changes a balance (a
// transfer, a card payment) invalidates it, so My Account never shows a stale ledger.
export const transactionsKeyOf = (agentId: string) => ['transactions', agentId] as const;
