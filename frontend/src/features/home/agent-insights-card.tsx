// The agent Home's insights (issue 12): spend (bars) and leads (line) per day for the last 30 days of
// the agent's time zone, and the balance run-out forecast in words, from GET /api/agent/{id}/insights.
import { CompositeChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { formatAxisDollars, formatDollars } from '@/components/money.ts';
import { useAgentInsights } from './api/get-agent-insights.ts';
import { ChartFigure } from '@/components/chart-figure.tsx';
import { agentCaption, fullDay, shortDay } from './insights-text.ts';
import { TableCard } from './table-card.tsx';

export const AGENT_INSIGHTS_TITLE = 'Spend and Leads, Last 30 Days';
const INSIGHTS_ERROR = 'There was an error loading your spend and leads.';

export function AgentInsightsCard({ agentId }: { agentId: string }) {
  const { data, status } = useAgentInsights(agentId);
  return (
    <TableCard title={AGENT_INSIGHTS_TITLE} pending={status === 'pending'} {...(status === 'error' ? { message: { text: INSIGHTS_ERROR, error: true } } : {})}>
      {data && (
        <>
          <Text size="sm" fw={600} mb="sm" data-testid="balance-forecast">
            {data.Forecast.Text}
          </Text>
          <ChartFigure
            testId="agent-insights-chart"
            caption={agentCaption(data.Days, { leads: data.TotalLeads, spend: data.TotalSpend }, data.TimeZone)}
            table={{
              caption: 'Spend and leads per day',
              columns: ['Day', 'Spend', 'Leads'],
              rows: data.Days.map((d) => [fullDay(d.Day), formatDollars(d.Spend), d.Leads]),
            }}
          >
            <CompositeChart
              h={220}
              data={data.Days.map((d) => ({ day: shortDay(d.Day), Spend: d.Spend, Leads: d.Leads }))}
              dataKey="day"
              series={[
                { name: 'Spend', label: 'Spend ($)', type: 'bar', color: 'blue.6' },
                { name: 'Leads', type: 'line', color: 'orange.8', yAxisId: 'right' },
              ]}
              withRightYAxis
              withLegend
              withDots={false}
              maxBarWidth={12}
              yAxisProps={{ width: 56, tickFormatter: formatAxisDollars }}
              rightYAxisProps={{ width: 28, allowDecimals: false }}
              xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
              composedChartProps={{ accessibilityLayer: false }}
              tooltipAnimationDuration={0}
            />
          </ChartFigure>
        </>
      )}
    </TableCard>
  );
}
