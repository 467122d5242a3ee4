// The partner portal's Home (issue 24): the vendor's leads per day for the last 7, 30 or 90 days by
// outcome (posted, sold, unsold, call center, duplicate, rejected, returned) and their revenue at the
// vendor's price, as two charts, each with a caption in words and every figure in a table for screen
// readers, from GET /api/partner/{vendorId}/summary. Days are the reporting calendar's (Central).
import { BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatAxisDollars, formatDollars } from '@/components/money.ts';
import { PARTNER_HOME_RANGES, type PartnerSummary } from '#shared/api/partner-data.ts';
import { usePartnerSummary } from './home-api.ts';
import { ChartFigure } from '@/components/chart-figure.tsx';
import { fullDay, headline, lastDays, outcomesCaption, REPORTING_ZONE_LABEL, revenueCaption, share, shortDay } from './home-text.ts';

export type HomeRange = (typeof PARTNER_HOME_RANGES)[number];

export const HOME_TITLES = {
  outcomes: 'Leads per Day by Outcome',
  revenue: 'Revenue per Day at Your Vendor Price',
} as const;
const ERROR = 'There was an error loading your figures.';
export const HOME_NOTE = `Days on the reporting calendar (${REPORTING_ZONE_LABEL}), by the day each lead arrived. Sold counts every lead that sold, returned ones included; revenue is your vendor price of each lead sold, once per lead, less the price of the leads returned (a dispute of their sale approved).`;

export function PartnerHomePage({ vendorId, days, onDaysChange, now }: { vendorId: string; days: HomeRange; onDaysChange: (days: HomeRange) => void; now?: Date }) {
  const range = lastDays(days, now);
  const { data, status } = usePartnerSummary(vendorId, range);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Home
        </Title>
        <SegmentedControl
          aria-label="Days shown"
          value={String(days)}
          onChange={(v) => onDaysChange(Number(v) as HomeRange)}
          data={PARTNER_HOME_RANGES.map((n) => ({ value: String(n), label: `Last ${n} days` }))}
        />
      </Group>
      {status === 'error' && (
        <Text c="red.9" role="alert">
          {ERROR}
        </Text>
      )}
      {status === 'pending' && (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
          <Skeleton height={24} />
          <Skeleton height={220} />
        </Stack>
      )}
      {data && <Figures data={data} days={days} />}
    </Stack>
  );
}

function Figures({ data, days }: { data: PartnerSummary; days: number }) {
  const t = data.Totals;
  const totals: [string, string][] = [
    ['Posted', t.Posted.toLocaleString('en-US')],
    ['Sold', `${t.Sold.toLocaleString('en-US')} (${share(t.Sold, t.Posted)})`],
    ['Returned', t.Returned.toLocaleString('en-US')],
    ['Revenue', formatDollars(t.Revenue)],
  ];
  return (
    <Stack gap="md">
      <Text fw={500} data-testid="partner-headline" aria-live="polite">
        {headline(t, days)}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {totals.map(([label, value]) => (
          <Card key={label} withBorder padding="sm" role="group" aria-label={label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Card withBorder padding="lg" role="region" aria-label={HOME_TITLES.outcomes}>
          <Title order={2} size="h4" mb="sm">
            {HOME_TITLES.outcomes}
          </Title>
          <OutcomesChart data={data} days={days} />
        </Card>
        <Card withBorder padding="lg" role="region" aria-label={HOME_TITLES.revenue}>
          <Title order={2} size="h4" mb="sm">
            {HOME_TITLES.revenue}
          </Title>
          <RevenueChart data={data} />
        </Card>
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="partner-home-note">
        {HOME_NOTE}
      </Text>
    </Stack>
  );
}

const common = {
  h: 220,
  dataKey: 'day',
  withLegend: true,
  maxBarWidth: 14,
  xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 24 },
  barChartProps: { accessibilityLayer: false },
  tooltipAnimationDuration: 0,
};

function OutcomesChart({ data, days }: { data: PartnerSummary; days: number }) {
  const rows = data.Days.map((d) => ({ day: shortDay(d.Day), Sold: d.Sold, Unsold: d.Unsold, 'Call center': d.CallCenter, Duplicate: d.Duplicate, Rejected: d.Rejected }));
  return (
    <ChartFigure
      testId="partner-outcomes-chart"
      caption={outcomesCaption(data.Totals, days)}
      table={{
        caption: 'Leads posted per day by outcome',
        columns: ['Day', 'Posted', 'Sold', 'Unsold', 'Call center', 'Duplicate', 'Rejected', 'Rejected: do not call', 'Returned'],
        rows: data.Days.map((d) => [fullDay(d.Day), d.Posted, d.Sold, d.Unsold, d.CallCenter, d.Duplicate, d.Rejected, d.RejectedDoNotCall, d.Returned]),
      }}
    >
      <BarChart
        {...common}
        type="stacked"
        data={rows}
        series={[
          { name: 'Sold', color: 'teal.7' },
          { name: 'Unsold', color: 'gray.6' },
          { name: 'Call center', color: 'indigo.6' },
          { name: 'Duplicate', color: 'yellow.7' },
          { name: 'Rejected', color: 'red.7' },
        ]}
        yAxisProps={{ width: 36, allowDecimals: false }}
      />
    </ChartFigure>
  );
}

function RevenueChart({ data }: { data: PartnerSummary }) {
  const rows = data.Days.map((d) => ({ day: shortDay(d.Day), Revenue: d.Revenue, Returned: d.ReturnedRevenue }));
  return (
    <ChartFigure
      testId="partner-revenue-chart"
      caption={revenueCaption(data.Totals, data.Days)}
      table={{
        caption: 'Revenue per day at your vendor price',
        columns: ['Day', 'Sold', 'Sold at vendor price', 'Returned', 'Returned at vendor price', 'Revenue'],
        rows: data.Days.map((d) => [fullDay(d.Day), d.Sold, formatDollars(d.SoldRevenue), d.Returned, formatDollars(d.ReturnedRevenue), formatDollars(d.Revenue)]),
      }}
    >
      <BarChart
        {...common}
        data={rows}
        series={[
          { name: 'Revenue', label: 'Revenue ($)', color: 'blue.6' },
          { name: 'Returned', label: 'Returned ($)', color: 'red.7' },
        ]}
        yAxisProps={{ width: 56, tickFormatter: formatAxisDollars }}
      />
    </ChartFigure>
  );
}
