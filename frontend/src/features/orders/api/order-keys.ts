// Query keys of the order screens, broadest first: a save or a status change invalidates
// orderKeys.agent(agentId) (every list, attention list and order of that agent), never everything.
export const orderKeys = {
  all: ['orders'] as const,
  agent: (agentId: string) => [...orderKeys.all, agentId] as const,
  list: (agentId: string, activeOnly: boolean) => [...orderKeys.agent(agentId), 'list', activeOnly] as const,
  withTermed: (agentId: string) => [...orderKeys.agent(agentId), 'withTermed'] as const,
  withReassigned: (agentId: string) => [...orderKeys.agent(agentId), 'withReassigned'] as const,
  order: (agentId: string, orderId: string) => [...orderKeys.agent(agentId), 'order', orderId] as const,
  details: (agentId: string, orderId: string) => [...orderKeys.agent(agentId), 'details', orderId] as const,
  history: (agentId: string, orderId: string) => [...orderKeys.agent(agentId), 'history', orderId] as const,
  statusHistory: (agentId: string, orderId: string) => [...orderKeys.agent(agentId), 'statusHistory', orderId] as const,
};
