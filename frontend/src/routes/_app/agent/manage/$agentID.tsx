// /agent/manage/{agentID} (agentManagement): Agent Information for staff and for a sponsor's downline
// (spec part 3 §2). The agent is loaded before the screen shows; an unknown one shows the spec's
// 'No agents found. Please try again later.'
import { createFileRoute } from '@tanstack/react-router';
import { agentQueryOptions } from '@/features/agents/api/get-agent.ts';
import { AgentInfoPage } from '@/features/agents/agent-info-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/agent/manage/$agentID')({
  beforeLoad: guardPage('/agent/manage/$agentID'),
  loader: async ({ context: { queryClient }, params }) => {
    // A refused or unknown agent is the page's own message, not the error screen.
    await queryClient.ensureQueryData(agentQueryOptions(params.agentID)).catch(() => undefined);
  },
  component: AgentManageRoute,
});

function AgentManageRoute() {
  const { agentID } = Route.useParams();
  return <AgentInfoPage agentId={agentID} />;
}
