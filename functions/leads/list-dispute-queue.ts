// GET /api/disputes?status=&cursor= (staff): the dispute queue of one status, 25 a page by time.
import { disputeQueue } from '#core/leads/disputes.ts';
import { ok, route } from '#platform/http.ts';
import { toDisputeRow } from './dispute-shapes.ts';

export const listDisputeQueue = route('leads.disputeQueue', {
  handle: async ({ query }) => {
    const page = await disputeQueue({ status: query.status, ...(query.cursor ? { cursor: query.cursor } : {}) });
    return ok({ Disputes: page.items.map(toDisputeRow), ...(page.cursor ? { NextCursor: page.cursor } : {}) });
  },
});
