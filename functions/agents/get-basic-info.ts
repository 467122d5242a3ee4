// GET /api/agent/{agentId}/basicinfo: the agent's names as a list (spec part 2 §7); the manifest has
// already limited agents to themselves and their downline.
import { findAgentProfile } from '#core/directory/agent-directory.ts';
import { ok, route } from '#platform/http.ts';
import { toBasicInfo } from './agent-shapes.ts';

export const getBasicInfo = route('agents.basicInfo', {
  handle: async ({ params }) => ok(toBasicInfo(await findAgentProfile(params.agentId))),
});
