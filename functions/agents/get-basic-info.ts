// GET /api/agent/{agentId}/basicinfo: the agent's names as a list (spec part 2 §7); the manifest has
// already limited agents to themselves and their downline.
import { z } from 'zod';
import { findAgentProfile } from '#core/agent-directory.ts';
import { ok, route } from '#platform/http.ts';
import { toBasicInfo } from './agent-shapes.ts';

export const agentIdParams = z.object({ agentId: z.string().trim().min(1).max(64) });

export const getBasicInfo = route({
  params: agentIdParams,
  handle: async ({ params }) => ok(toBasicInfo(await findAgentProfile(params.agentId))),
});
