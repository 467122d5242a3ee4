// GET /api/accounts: the agents a caller may transfer to (active, not themselves) for the transfer
// dialog's agent search. With `search` it answers the best matches; without, one page of the
// directory by last name, the next page's cursor in the X-Next-Cursor header.
import { listRecipients, searchRecipients, type TransferRecipient } from '#core/money/transfers.ts';
import { ok, route } from '#platform/http.ts';

export const NEXT_CURSOR_HEADER = 'x-next-cursor';

const toRecipientDto = (r: TransferRecipient) => ({ AgentId: r.agentId, FirstName: r.firstName, LastName: r.lastName });

export const listAccounts = route('account.listAccounts', {
  handle: async ({ query, user }) => {
    const callerAgentId = user.agentId;
    if (query.search) return ok((await searchRecipients({ callerAgentId, term: query.search })).map(toRecipientDto));
    const page = await listRecipients({ callerAgentId, limit: query.limit, cursor: query.cursor });
    return { ...ok(page.agents.map(toRecipientDto)), ...(page.cursor ? { headers: { [NEXT_CURSOR_HEADER]: page.cursor } } : {}) };
  },
});
