// GET /api/agent/{agentId}: one agent as Agent Information and the order screens read it (spec part 2
// §7, part 3 §3, §7); priority and credit line only for callers holding their permissions.
import { loadAccount } from '#core/money/accounts.ts';
import { Forbidden, NotFound } from '#platform/errors.ts';
import { ok, route } from '#platform/http.ts';
import { toAgentDetails } from './agent-shapes.ts';
import { directoryViewerOf, seesDistributionOnly } from './viewer.ts';

export const AGENT_NOT_FOUND = 'No agents found. Please try again later.';

export const getAgent = route('agents.get', {
  handle: async ({ params, user }) => {
    const viewer = directoryViewerOf(user);
    // Without My Team, the downline is reached for order distribution only: its names (basicinfo), not
    // its balances and contact details (reach decision in docs/api.md).
    if (seesDistributionOnly(user) && params.agentId !== user.agentId) throw new Forbidden();
    const account = await loadAccount(params.agentId);
    if (!account) throw new NotFound(AGENT_NOT_FOUND);
    return ok(toAgentDetails(account, viewer));
  },
});
