// The Home toggles (spec part 1 §4): order status, live transfer and third-party leads.
import { setStatus } from '#core/directory/agent-statuses.ts';
import { noContent, route } from '#platform/http.ts';

export const updateOrderStatus = route('account.updateOrderStatus', {
  handle: async ({ params, user }) => {
    await setStatus({ agentId: params.agentId, statusType: 'Global', on: params.status === '1', by: user.userId });
    return noContent();
  },
});

// The body names the agent; the manifest's ownership rule reads its AgentId after the body is parsed.
export const updateLiveTransferStatus = route('account.updateLiveTransferStatus', {
  handle: async ({ body, user }) => {
    await setStatus({ agentId: body.AgentId, statusType: body.StatusType, on: body.Status, by: user.userId });
    return noContent();
  },
});

export const updateThirdPartyStatus = route('account.updateThirdPartyStatus', {
  handle: async ({ body, user }) => {
    await setStatus({ agentId: body.AgentId, statusType: body.StatusType, on: body.Status, by: user.userId });
    return noContent();
  },
});
