// The body of My Leads and of the admin view of an agent's leads (part 3 §2, §5, §9): the date range with
// its presets (this week, last week, this month, last month, custom; at most 90 days; default the last
// 5 days in the agent's time zone), the distribution selector, the advanced filter drawer, Export, the
// table of 10 and the dispute and details dialogs. A new range or new filters apply after the spec's
// 1 s delay (their rows are fetched meanwhile); the distribution and the page apply at once. Everything
// applied lives in the URL, so a reload or the back button shows the same rows.
import '@mantine/dates/styles.css';
import { Badge, Button, Group, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Distribution, LeadFilters } from '#shared/api/leads.ts';
import { useMe } from '@/api/get-me.ts';
import { parsePickerDay } from '@/components/date-time.ts';
import { downloadFile } from '@/components/download.ts';
import type { SetSearch } from '@/components/server-table.ts';
import { agentLeadsQueryOptions, useAgentLeads, type AgentLead } from './api/get-agent-leads.ts';
import { useExportLeads } from './api/export-leads.ts';
import { canDispute } from './can-dispute.ts';
import { DisputeDialog } from './dispute-dialog.tsx';
import { LeadDetailsDialog } from './lead-details-dialog.tsx';
import { LeadFiltersDrawer } from './lead-filters-drawer.tsx';
import {
  defaultRange,
  FILTER_DELAY_MS,
  filtersOf,
  keepInOrder,
  presetRange,
  PRESET_LABELS,
  PRESETS,
  rangeOfSearch,
  rangeProblem,
  type DayRange,
  type LeadsSearch,
  type Preset,
} from './leads-search.ts';
import { countLine, LeadsTable } from './leads-table.tsx';

const PICKER_FORMAT = 'M/D/YYYY';
const DISTRIBUTION_OPTIONS: { label: string; value: Distribution }[] = [
  { label: 'All', value: 'all' },
  { label: 'Distributed', value: 'distributed' },
  { label: 'Received', value: 'received' },
];

interface Draft {
  startDate: string | null;
  endDate: string | null;
}

interface Pending {
  range: DayRange;
  filters: LeadFilters;
}

export interface MyLeadsViewProps {
  agentId: string;
  timeZone: string | null | undefined;
  /** The admin view (an agentID in the route): exports through adminLeadExport. */
  adminRoute: boolean;
  /** Campaign and vendor columns and filters: the admin view (not support) or fund preview. */
  showSource: boolean;
  search: LeadsSearch;
  setSearch: SetSearch<LeadsSearch>;
}

export function MyLeadsView({ agentId, timeZone, adminRoute, showSource, search, setSearch }: MyLeadsViewProps) {
  const me = useMe();
  const queryClient = useQueryClient();
  const applied = rangeOfSearch(search, timeZone);
  const filters = filtersOf(search);
  const query = { agentId, ...applied, distribution: search.distribution, filters, page: search.page };
  const leads = useAgentLeads(query);
  const exporter = useExportLeads();

  const [preset, setPreset] = useState<Preset>('custom');
  const [draft, setDraft] = useState<Draft>(applied);
  const [pending, setPending] = useState<Pending | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [disputing, setDisputing] = useState<AgentLead | null>(null);
  const [details, setDetails] = useState<AgentLead | null>(null);
  const problem = rangeProblem(draft);

  useEffect(() => {
    if (!pending) return;
    // Fetched during the wait, so the rows appear when it ends rather than a call later.
    void queryClient.prefetchQuery(agentLeadsQueryOptions({ agentId, ...pending.range, distribution: search.distribution, filters: pending.filters, page: 1 }));
    const timer = window.setTimeout(() => {
      setSearch((current) => {
        const cleared = Object.fromEntries(Object.keys(filtersOf(current)).map((k) => [k, undefined]));
        return { ...current, ...cleared, ...pending.filters, from: pending.range.startDate, to: pending.range.endDate, page: 1 };
      });
      setPending(null);
    }, FILTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending, agentId, search.distribution, queryClient, setSearch]);

  const applyRange = (range: DayRange) => setPending({ range, filters });
  const choosePreset = (value: string | null) => {
    const next = (value ?? 'custom') as Preset;
    setPreset(next);
    if (next === 'custom') return;
    const range = presetRange(next, timeZone);
    setDraft(range);
    applyRange(range);
  };
  const moveEnd = (end: 'start' | 'end', value: string | null) => {
    setPreset('custom');
    setDraft((d) => keepInOrder(end === 'start' ? { ...d, startDate: value } : { ...d, endDate: value }, end));
  };
  const reset = () => {
    const range = defaultRange(timeZone);
    setPreset('custom');
    setPending(null);
    setDraft(range);
    setSearch((current) => ({ page: 1, distribution: current.distribution }));
  };
  const activeFilters = Object.keys(filters).length;

  const exportRows = () =>
    exporter.mutate(
      { admin: adminRoute, agentId, ...applied, distribution: search.distribution, filters },
      { onSuccess: ({ Url, FileName }) => downloadFile(Url, FileName) },
    );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Range"
          data={PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
          value={preset}
          onChange={choosePreset}
          allowDeselect={false}
          w={140}
        />
        <DateInput label="From" value={draft.startDate} onChange={(v) => moveEnd('start', v)} valueFormat={PICKER_FORMAT} dateParser={parsePickerDay} placeholder={PICKER_FORMAT} w={130} />
        <DateInput label="To" value={draft.endDate} onChange={(v) => moveEnd('end', v)} valueFormat={PICKER_FORMAT} dateParser={parsePickerDay} placeholder={PICKER_FORMAT} w={130} />
        <Button variant="default" onClick={reset}>
          Reset Filters
        </Button>
        <Button onClick={() => draft.startDate && draft.endDate && !problem && applyRange({ startDate: draft.startDate, endDate: draft.endDate })} loading={pending !== null} disabled={problem !== undefined}>
          Filter
        </Button>
      </Group>
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Distribution"
          data={DISTRIBUTION_OPTIONS}
          value={search.distribution}
          onChange={(value) => setSearch((current) => ({ ...current, distribution: value as Distribution, page: 1 }))}
        />
        <Group gap="sm">
          <Button variant="outline" onClick={() => setDrawer(true)} rightSection={activeFilters > 0 ? <Badge size="sm" circle>{activeFilters}</Badge> : undefined}>
            Advanced Filters
          </Button>
          <Button variant="outline" onClick={exportRows} loading={exporter.isPending}>
            Export
          </Button>
        </Group>
      </Group>
      {leads.data ? (
        <LeadsTable
          page={leads.data}
          view={{ showSource, distribution: search.distribution, canDispute: (l) => canDispute(l, me.Permissions) }}
          fetching={leads.isFetching}
          onPageChange={(page) => setSearch((current) => ({ ...current, page }))}
          onDispute={setDisputing}
          onDetails={setDetails}
        />
      ) : leads.isError ? (
        // Part 3 §8: a failed fetch is only logged; the table shows as empty.
        <Text size="sm" data-testid="lead-count">
          {countLine(0)}
        </Text>
      ) : (
        <Skeleton height={240} />
      )}
      <LeadFiltersDrawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        applied={filters}
        onApply={(next) => setPending({ range: applied, filters: next })}
        choices={leads.data?.Choices}
        showSource={showSource}
        fundPreview={me.IsFundPreview}
      />
      {disputing && <DisputeDialog agentId={agentId} lead={disputing} onClose={() => setDisputing(null)} />}
      {details && <LeadDetailsDialog lead={details} timeZone={leads.data?.TimeZone ?? 'Central'} showSource={showSource} onClose={() => setDetails(null)} />}
    </Stack>
  );
}
