// GET /api/agent/{agentId}: one agent as Agent Information and the order screens read it (spec part 2
// §7, part 3 §3, §7); priority and credit line only for callers holding their permissions.
import { agentDetails } from '#core/agent-directory.ts';
import { NotFound } from '#platform/errors.ts';
import { ok, route } from '#platform/http.ts';
import { agentIdParams } from './get-basic-info.ts';
import { directoryViewerOf } from './viewer.ts';

export const AGENT_NOT_FOUND = 'No agents found. Please try again later.';

export const getAgent = route({
  params: agentIdParams,
  handle: async ({ params, user }) => {
    const agent = await agentDetails(params.agentId, directoryViewerOf(user));
    if (!agent) throw new NotFound(AGENT_NOT_FOUND);
    return ok(agent);
  },
});
