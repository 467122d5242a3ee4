// Route handlers of the agents area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { exportAgents } from './export-agents.ts';
import { getAgent } from './get-agent.ts';
import { getBasicInfo } from './get-basic-info.ts';
import { getExportStatus } from './get-export-status.ts';
import { listAgentsRoute } from './list-agents.ts';
import { listAgentStatusAudit } from './list-status-audit.ts';
import { updateAgent } from './update-agent.ts';

export const routes: AreaRoutes = {
  'agents.list': listAgentsRoute,
  'agents.get': getAgent,
  'agents.basicInfo': getBasicInfo,
  'agents.export': exportAgents,
  'agents.exportStatus': getExportStatus,
  'agents.update': updateAgent,
  'agents.statusAudit': listAgentStatusAudit,
};
