// The Home toggles (spec part 1 §4): order status, live transfer and third-party leads.
import { z } from 'zod';
import { setStatus } from '#core/agent-statuses.ts';
import { isInDownline } from '#platform/gatekeeper.ts';
import { canActFor } from '#platform/authorize.ts';
import { Forbidden } from '#platform/errors.ts';
import { noContent, route } from '#platform/http.ts';
import { statusToggleSchema } from '#shared/settings.ts';

export const updateOrderStatus = route({
  params: z.object({ agentId: z.string().min(1), status: z.enum(['0', '1'], { error: 'Status must be 0 or 1.' }) }),
  handle: async ({ params, user }) => {
    await setStatus({ agentId: params.agentId, statusType: 'Global', on: params.status === '1', by: user.userId });
    return noContent();
  },
});

/** The body names the agent, so ownership is checked here (the manifest checks path parameters). */
const toggle = (statusType: 'LiveTransfer' | 'ThirdParty') =>
  route({
    body: statusToggleSchema(statusType),
    handle: async ({ body, user }) => {
      if (!(await canActFor(user, body.AgentId, 'self', isInDownline))) throw new Forbidden();
      await setStatus({ agentId: body.AgentId, statusType, on: body.Status, by: user.userId });
      return noContent();
    },
  });

export const updateLiveTransferStatus = toggle('LiveTransfer');
export const updateThirdPartyStatus = toggle('ThirdParty');
