// Query keys of the webhooks feature besides the endpoint list (@/api/get-webhooks.ts): an endpoint's
// delivery log, the staff list of failing deliveries and the staff list of endpoints. Separate roots, so refreshing the list never
// refetches a log, and the other way round.
export const deliveriesKey = (agentId: string, endpointId: string) => ['webhookDeliveries', agentId, endpointId] as const;
export const failuresKey = ['webhookFailures'] as const;
export const staffEndpointsKey = ['webhookEndpointsAcrossAgents'] as const;
