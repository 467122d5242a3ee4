// Home (spec part 1 §2.3). Agents with the account summary get the welcome card with their toggles,
// then the Account Summary, Lead Intake and Calls Today cards, their spend and leads chart with the
// balance forecast (issue 12), and the LiveTransfer Phone Info and Training tables, each behind its
// configuration flag. Everybody else, and admins (the admin home page has no account cards), gets the
// welcome card; staff who may view the reports also get the marketplace insights (issue 12).
import { SimpleGrid, Stack } from '@mantine/core';
import { useFeatureFlags } from '@/api/get-feature-flags.ts';
import { useMe } from '@/api/get-me.ts';
import { AgentInsightsCard } from './agent-insights-card.tsx';
import { accountWithCards, showsStaffInsights } from './home-account.ts';
import { PhoneCard } from './phone-card.tsx';
import { StaffInsights } from './staff-insights.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { TrainingCard } from './training-card.tsx';
import { WelcomeCard } from './welcome-card.tsx';

export function HomePage() {
  const user = useMe();
  const flags = useFeatureFlags();
  const account = accountWithCards(user);
  if (!account)
    return (
      <Stack gap="md">
        <WelcomeCard name={user.Name} />
        {showsStaffInsights(user) && <StaffInsights />}
      </Stack>
    );
  return (
    <Stack gap="md">
      <WelcomeCard name={user.Name} account={account} />
      {/* The low-balance alert's banner (issue 12, built separately) goes here, above the cards. */}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <SummaryCards />
      </SimpleGrid>
      <AgentInsightsCard agentId={account.AgentId} />
      {(flags.liveTransferPhoneData || flags.trainingData) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {flags.liveTransferPhoneData && <PhoneCard agentId={account.AgentId} />}
          {flags.trainingData && <TrainingCard agentId={account.AgentId} />}
        </SimpleGrid>
      )}
    </Stack>
  );
}
