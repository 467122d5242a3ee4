// The staff Home's insights (issue 12), for users with CAN_VIEW_LC_REPORTS: the marketplace per
// reporting day for the last 30 days (revenue and margin; leads sold and fill rate), the orders
// starving for leads and the unsold supply of the last 7 days, from GET /api/reports/insights.
import { CompositeChart } from '@mantine/charts';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatAxisDollars, formatDollars } from '@/components/money.ts';
import { useStaffInsights, type StaffInsights as Insights } from './api/get-staff-insights.ts';
import { ChartFigure } from '@/components/chart-figure.tsx';
import { ScrollTable } from '@/components/scroll-table.tsx';
import { fullDay, leadsCaption, moneyCaption, percent, shortDay } from './insights-text.ts';
import { TableCard } from './table-card.tsx';

export const STAFF_TITLES = {
  money: 'Revenue and Margin, Last 30 Days',
  leads: 'Leads Sold and Fill Rate, Last 30 Days',
  starving: 'Orders Starving for Leads, Last 7 Days',
  unsold: 'Unsold Supply, Last 7 Days',
} as const;
const ERROR = 'There was an error loading the marketplace insights.';
export const MARGIN_NOTE =
  "Days on the reporting calendar (Central). Revenue is what agents were charged for leads, before dispute credits; margin is revenue minus the vendor's price of each lead sold (the campaign-vendor VendorPrice, counted once per lead). Fill rate is leads sold ÷ leads received, by the day the lead arrived.";

export function StaffInsights() {
  const { data, status } = useStaffInsights();
  const pending = status === 'pending';
  const message = status === 'error' ? { text: ERROR, error: true } : undefined;
  const shown = { pending, ...(message ? { message } : {}) };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <TableCard title={STAFF_TITLES.money} {...shown}>
          {data && <MoneyChart data={data} />}
        </TableCard>
        <TableCard title={STAFF_TITLES.leads} {...shown}>
          {data && <LeadsChart data={data} />}
        </TableCard>
      </SimpleGrid>
      {data && (
        <Text size="xs" c="dimmed" data-testid="insights-definitions">
          {MARGIN_NOTE}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <TableCard title={STAFF_TITLES.starving} {...shown} {...(data && data.StarvingOrders.length === 0 ? { message: { text: 'No active order has a day, week or month cap.', error: false } } : {})}>
          {data && <StarvingTable data={data} />}
        </TableCard>
        <TableCard title={STAFF_TITLES.unsold} {...shown} {...(data && data.UnsoldSupply.length === 0 ? { message: { text: 'Every lead of the last 7 days was sold.', error: false } } : {})}>
          {data && <UnsoldTable data={data} />}
        </TableCard>
      </SimpleGrid>
    </Stack>
  );
}

const chartDays = (data: Insights) => data.Days.map((d) => ({ day: shortDay(d.Day), Revenue: d.Revenue, Margin: d.Margin, Sold: d.LeadsSold, 'Fill rate': d.FillRate === null ? null : Math.round(d.FillRate * 1000) / 10 }));
const common = {
  h: 220,
  dataKey: 'day',
  withLegend: true,
  withDots: false,
  maxBarWidth: 12,
  xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 24 },
  composedChartProps: { accessibilityLayer: false },
  tooltipAnimationDuration: 0,
};

function MoneyChart({ data }: { data: Insights }) {
  return (
    <ChartFigure
      testId="staff-money-chart"
      caption={moneyCaption(data.Totals, data.Days.length)}
      table={{
        caption: 'Sales, revenue, vendor cost and margin per day',
        columns: ['Day', 'Sales', 'Revenue', 'Vendor cost', 'Margin'],
        rows: data.Days.map((d) => [fullDay(d.Day), d.Sales, formatDollars(d.Revenue), formatDollars(d.VendorCost), formatDollars(d.Margin)]),
      }}
    >
      <CompositeChart
        {...common}
        data={chartDays(data)}
        series={[
          { name: 'Revenue', label: 'Revenue ($)', type: 'bar', color: 'blue.6' },
          { name: 'Margin', label: 'Margin ($)', type: 'line', color: 'teal.8' },
        ]}
        yAxisProps={{ width: 56, tickFormatter: formatAxisDollars }}
      />
    </ChartFigure>
  );
}

function LeadsChart({ data }: { data: Insights }) {
  return (
    <ChartFigure
      testId="staff-leads-chart"
      caption={leadsCaption(data.Totals, data.Days.length)}
      table={{
        caption: 'Leads received, leads sold and fill rate per day',
        columns: ['Day', 'Received', 'Sold', 'Fill rate'],
        rows: data.Days.map((d) => [fullDay(d.Day), d.LeadsReceived, d.LeadsSold, percent(d.FillRate)]),
      }}
    >
      <CompositeChart
        {...common}
        data={chartDays(data)}
        series={[
          { name: 'Sold', label: 'Leads sold', type: 'bar', color: 'indigo.6' },
          { name: 'Fill rate', label: 'Fill rate (%)', type: 'line', color: 'orange.8', yAxisId: 'right' },
        ]}
        withRightYAxis
        yAxisProps={{ width: 36, allowDecimals: false }}
        rightYAxisProps={{ width: 40, domain: [0, 100], tickFormatter: (v: number) => `${v}%` }}
        connectNulls={false}
      />
    </ChartFigure>
  );
}

/** Long names wrap inside their cells, so a phone's narrow card never scrolls sideways (or past the screen). */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

function StarvingTable({ data }: { data: Insights }) {
  return (
    <ScrollTable minWidth={300}>
      <Table striped fz="sm" style={WRAP_ANYWHERE}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Order</Table.Th>
            <Table.Th scope="col">Agent</Table.Th>
            <Table.Th scope="col">Leads / cap</Table.Th>
            <Table.Th scope="col">Filled</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.StarvingOrders.map((o) => (
            <Table.Tr key={o.OrderId}>
              <Table.Td>{o.UserFacingOrderId}</Table.Td>
              <Table.Td>{o.AgentName || o.AgentId}</Table.Td>
              <Table.Td>
                {o.LeadsLast7Days} / {o.CapLast7Days}
              </Table.Td>
              <Table.Td>{o.FillPercent}%</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        The {data.StarvingOrders.length} of {data.CappedActiveOrders} capped active orders that took the smallest share of their 7-day cap.
      </Text>
    </ScrollTable>
  );
}

function UnsoldTable({ data }: { data: Insights }) {
  return (
    <ScrollTable minWidth={300}>
      <Table striped fz="sm" style={WRAP_ANYWHERE}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Campaign</Table.Th>
            <Table.Th scope="col">Vendor</Table.Th>
            <Table.Th scope="col">State</Table.Th>
            <Table.Th scope="col">Unsold / received</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.UnsoldSupply.map((s) => (
            <Table.Tr key={`${s.Campaign}|${s.Vendor}|${s.State}`}>
              <Table.Td>{s.Campaign}</Table.Td>
              <Table.Td>{s.Vendor}</Table.Td>
              <Table.Td>{s.State}</Table.Td>
              <Table.Td>
                {s.Unsold} / {s.Received}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
