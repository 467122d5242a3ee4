// /agent/manage/{agentID} (agentManagement): Agent Information for staff and for a sponsor's downline
// (spec part 3 §2), with the agent's live-transfer phone and training panels under their feature
// flags. The agent is loaded before the screen shows; an unknown one shows the spec's 'No agents
// found. Please try again later.'
import { SimpleGrid } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useFeatureFlags } from '@/api/get-feature-flags.ts';
import { useMe } from '@/api/get-me.ts';
import { agentQueryOptions } from '@/features/agents/api/get-agent.ts';
import { AgentInfoPage } from '@/features/agents/agent-info-page.tsx';
import { PhoneCard } from '@/features/home/phone-card.tsx';
import { TrainingCard } from '@/features/home/training-card.tsx';
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
  const flags = useFeatureFlags();
  // The phone and training calls serve the agent and staff with Agents (CAN_VIEW_AGENTS); a sponsor
  // reading a downline agent gets neither panel.
  const staff = useMe().Permissions.includes('CAN_VIEW_AGENTS');
  const panels =
    staff && (flags.liveTransferPhoneData || flags.trainingData) ? (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {flags.liveTransferPhoneData && <PhoneCard agentId={agentID} />}
        {flags.trainingData && <TrainingCard agentId={agentID} />}
      </SimpleGrid>
    ) : null;
  return <AgentInfoPage agentId={agentID} panels={panels} />;
}
