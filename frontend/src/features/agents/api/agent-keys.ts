// Query keys of the agents feature: one agent as Agent Information reads it, and its status audit.
export const agentKeys = {
  all: ['agents'] as const,
  details: (agentId: string) => [...agentKeys.all, 'details', agentId] as const,
  statusAudit: (agentId: string) => [...agentKeys.all, 'statusAudit', agentId] as const,
};
