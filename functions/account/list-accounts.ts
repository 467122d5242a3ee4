// GET /api/accounts: the agents a caller may transfer to (active, not themselves) for the transfer
// dialog's agent search. With `search` it answers the best matches; without, one page of the
// directory by last name, the next page's cursor in the X-Next-Cursor header.
import { z } from 'zod';
import { listRecipients, RECIPIENTS_MAX_PAGE_SIZE, RECIPIENTS_PAGE_SIZE, searchRecipients, type TransferRecipient } from '#core/transfers.ts';
import { ok, route } from '#platform/http.ts';

export const NEXT_CURSOR_HEADER = 'x-next-cursor';

const toRecipientDto = (r: TransferRecipient) => ({ AgentId: r.agentId, FirstName: r.firstName, LastName: r.lastName });

export const listAccounts = route({
  query: z.object({
    search: z.string().trim().min(1).max(100).optional(),
    cursor: z.string().max(2_000).optional(),
    limit: z.coerce.number().int().min(1).max(RECIPIENTS_MAX_PAGE_SIZE).default(RECIPIENTS_PAGE_SIZE),
  }),
  handle: async ({ query, user }) => {
    const callerAgentId = user.agentId;
    if (query.search) return ok((await searchRecipients({ callerAgentId, term: query.search })).map(toRecipientDto));
    const page = await listRecipients({ callerAgentId, limit: query.limit, cursor: query.cursor });
    return { ...ok(page.agents.map(toRecipientDto)), ...(page.cursor ? { headers: { [NEXT_CURSOR_HEADER]: page.cursor } } : {}) };
  },
});
