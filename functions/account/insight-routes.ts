// Account-area route handlers for the agent Home's insights (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { getAgentInsights } from './get-agent-insights.ts';

export const insightRoutes: AreaRoutes = { 'account.insights': getAgentInsights };
