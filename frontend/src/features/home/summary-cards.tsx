// Home's Account Summary, Lead Intake and Calls Today cards (spec part 1 §2.3, §8), all three fed by
// one GET /api/accountsummary. Lead Intake has no error text of its own in the spec; its figures are
// account summary data, so it says so with that card's text.
import { Tooltip } from '@mantine/core';
import { useFeatureFlags } from '@/api/get-feature-flags.ts';
import { formatDollars } from '@/components/money.ts';
import { useAccountSummary } from './api/get-account-summary.ts';
import { FigureCard } from './figure-card.tsx';

const SUMMARY_ERROR = 'There was an error loading account summary data.';
const CALLS_ERROR = 'There was an error loading call data.';
const ATTEMPTED_TOOLTIP = 'LiveTransfer calls that were attempted, but not necessarily won.';

export function SummaryCards() {
  const { liveTransferCallData } = useFeatureFlags();
  const { data: summary, status } = useAccountSummary();
  const state = status === 'success' ? 'ready' : status;
  const figure = (name: string, value: (s: NonNullable<typeof summary>) => string | number) => ({
    name,
    label: name,
    value: summary ? value(summary) : '',
  });
  /** A capacity with its gauge: the figure is the maximum, the gauge what the current period used of it. */
  const gauged = (name: string, of: (s: NonNullable<typeof summary>) => [used: number, max: number]) => {
    const [used, max] = summary ? of(summary) : [0, 0];
    return { ...figure(name, () => max), gauge: { used, max } };
  };

  return (
    <>
      <FigureCard
        title="Account Summary"
        state={state}
        errorText={SUMMARY_ERROR}
        figures={[
          figure('Active Orders', (s) => s.TotalActiveOrder),
          figure('Inactive Orders', (s) => s.TotalInactiveOrders),
          figure('Current Balance', (s) => formatDollars(s.AgentBalance)),
          figure('Disputes Pending', (s) => s.TotalPendingDisputes),
        ]}
      />
      <FigureCard
        title="Lead Intake"
        state={state}
        errorText={SUMMARY_ERROR}
        figures={[
          gauged('Per Hour', (s) => [s.TotalLeadsUsedByHour, s.TotalLeadsCapacityByHour]),
          gauged('Per Day', (s) => [s.TotalLeadsUsedByDay, s.TotalLeadsCapacityByDay]),
          gauged('Per Week', (s) => [s.TotalLeadsUsedByWeek, s.TotalLeadsCapacityByWeek]),
          gauged('Per Month', (s) => [s.TotalLeadsUsedByMonth, s.TotalLeadsCapacityByMonth]),
        ]}
      />
      {liveTransferCallData && (
        <FigureCard
          title="Calls Today"
          state={state}
          errorText={CALLS_ERROR}
          figures={[
            {
              ...figure('Attempted', (s) => s.TotalAcceptedCalls),
              label: (
                <Tooltip label={ATTEMPTED_TOOLTIP} withArrow>
                  <span style={{ textDecoration: 'underline dotted', cursor: 'help' }}>Attempted</span>
                </Tooltip>
              ),
            },
            figure('Won', (s) => s.TotalWonCalls),
          ]}
        />
      )}
    </>
  );
}
