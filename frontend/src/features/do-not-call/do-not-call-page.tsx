// Do-Not-Call Lists (issue 24, "Compliance at intake"; staff who edit campaigns): each list with its
// count, whether it is active and its last upload; switching a list on or off; and a list's CSV
// uploaded (a new name makes the list), replacing the list or adding to it, with its progress and
// result. A lead whose phone is on an active list is refused before it is routed or sold; the page
// counts those refusals over the last 30 days (Central), in all and by vendor, each vendor linking to
// its partner Home.
import { Badge, Card, Group, Radio, SimpleGrid, Stack, Switch, Table, Text, Title, Autocomplete, Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/api/client.ts';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { CsvUpload } from '@/components/csv-upload.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import type { DncListDto, DncRefusalsDto } from '#shared/api/do-not-call.ts';
import { DNC_PHONE_COLUMN, DNC_TEMPLATE, dncListNameSchema, type DncMode } from '#shared/do-not-call.ts';
import { dayIn, TIME_ZONES } from '#shared/time-zones.ts';
import { DNC_LISTS_KEY, requestDncUpload, useDncLists, useDncRefusals, useSetDncListActive } from './api/do-not-call-lists.ts';

/** The refusals' period: the last 30 reporting days (Central), today included. */
export const REFUSALS_DAYS = 30;

export function refusalsRange(now: Date): { from: string; to: string } {
  const to = dayIn(now, TIME_ZONES.Central);
  return { from: new Date(Date.parse(`${to}T00:00:00Z`) - (REFUSALS_DAYS - 1) * 86_400_000).toISOString().slice(0, 10), to };
}

const count = (n: number) => n.toLocaleString('en-US');

/** "Last 30 days (Central): 12 of 4,310 leads posted were refused as do not call." */
export function refusalsLine(r: Pick<DncRefusalsDto, 'Refused' | 'Posted'>): string {
  const period = `Last ${REFUSALS_DAYS} days (Central)`;
  if (r.Refused === 0) return `${period}: no lead was refused as do not call (${count(r.Posted)} posted).`;
  return `${period}: ${count(r.Refused)} of ${count(r.Posted)} leads posted ${r.Refused === 1 ? 'was' : 'were'} refused as do not call.`;
}

/** The leads the lists refused, in all and by vendor (each vendor's figures are on its partner Home). */
function RefusalsCard({ now }: { now: Date }) {
  const [range] = useState(() => refusalsRange(now));
  const refusals = useDncRefusals(range);
  return (
    <Card withBorder component="section" aria-labelledby="dnc-refusals-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="dnc-refusals-title">
          Leads refused
        </Title>
        <Text size="sm" aria-live="polite">
          {refusals.data ? refusalsLine(refusals.data) : refusals.isError ? 'The figures could not be read. Try again later.' : 'Reading the figures…'}
        </Text>
        {refusals.data && refusals.data.Vendors.length > 0 && (
          <Table aria-label="Leads refused by vendor" withTableBorder layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vendor</Table.Th>
                <Table.Th ta="right">Refused</Table.Th>
                <Table.Th ta="right">Posted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refusals.data.Vendors.map((v) => (
                <Table.Tr key={v.VendorId}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <AnchorLink to="/partner/$vendorID" params={{ vendorID: v.VendorId }} size="sm">
                      {v.Name}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td ta="right">{count(v.Refused)}</Table.Td>
                  <Table.Td ta="right">{count(v.Posted)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

export const DNC_TEXTS = {
  title: 'Do-Not-Call Lists',
  intro:
    'A lead whose phone is on an active list is refused before it is routed or sold, with the reason "Do not call", and counted as rejected. ' +
    'Switching a list off or on, or replacing it, takes effect for new leads within seconds.',
  none: 'No do-not-call lists yet. Upload a file to make the first one.',
  modes: { replace: 'Replace the list with this file', add: 'Add this file to the list' } satisfies Record<DncMode, string>,
} as const;

const STATUS_COLORS = { Pending: 'gray', Processing: 'blue', Succeeded: 'teal', Failed: 'red' } as const;

function ListCard({ list, timeZone }: { list: DncListDto; timeZone: string | null }) {
  const toggle = useSetDncListActive();
  const last = list.LastUpload;
  const error = toggle.error instanceof ApiError ? toggle.error.messages.join(' ') : toggle.error ? 'The list could not be changed. Try again.' : null;
  return (
    <Card withBorder component="article" aria-labelledby={`dnc-${list.ListId}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={`dnc-${list.ListId}`} style={{ overflowWrap: 'anywhere' }}>
            {list.Name}
          </Title>
          <Badge color={list.Active ? 'teal' : 'gray'} variant="light">
            {list.Active ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
        <Text size="sm">{list.Count.toLocaleString('en-US')} numbers</Text>
        {last ? (
          <Text size="sm" c="dimmed" component="div" style={{ overflowWrap: 'anywhere' }}>
            Last upload: {last.FileName} ({last.Mode === 'replace' ? 'replace' : 'add'}), {formatDateTime(last.At, timeZone)} by {last.By}{' '}
            <Badge color={STATUS_COLORS[last.Status]} variant="light" size="sm">
              {last.Status}
            </Badge>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No upload yet.
          </Text>
        )}
        <Switch
          label={`Refuse leads on ${list.Name}`}
          checked={list.Active}
          disabled={toggle.isPending}
          onChange={(e) => toggle.mutate({ listId: list.ListId, active: e.currentTarget.checked })}
        />
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function UploadCard({ names }: { names: string[] }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<DncMode>('replace');
  const parsed = dncListNameSchema.safeParse(name);
  const nameError = name !== '' && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  return (
    <Card withBorder component="section" aria-labelledby="dnc-upload-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="dnc-upload-title">
          Upload a list
        </Title>
        <Text size="sm" c="dimmed">
          A CSV file with a {DNC_PHONE_COLUMN} column (10-digit US numbers; punctuation and a leading 1 are ignored; other columns are ignored). A new name makes a new,
          active list.
        </Text>
        <Autocomplete label="List name" placeholder="e.g. Internal, National DNC, Litigators" data={names} value={name} onChange={setName} error={nameError} maw={420} />
        <Radio.Group label="Mode" value={mode} onChange={(v) => setMode(v as DncMode)}>
          <Stack gap={6} mt={4}>
            <Radio value="replace" label={DNC_TEXTS.modes.replace} />
            <Radio value="add" label={DNC_TEXTS.modes.add} />
          </Stack>
        </Radio.Group>
        <CsvUpload
          label="Do-not-call CSV file"
          disabled={!parsed.success}
          template={{ fileName: 'do-not-call-template.csv', content: DNC_TEMPLATE }}
          requestTicket={(request) => requestDncUpload({ ...request, ListName: name, Mode: mode })}
          onFinished={() => void queryClient.invalidateQueries({ queryKey: DNC_LISTS_KEY, exact: true })}
        />
      </Stack>
    </Card>
  );
}

export function DoNotCallPage({ timeZone = null, now = new Date() }: { timeZone?: string | null; now?: Date }) {
  const { data: lists } = useDncLists();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {DNC_TEXTS.title}
      </Title>
      <Text size="sm">{DNC_TEXTS.intro}</Text>
      <UploadCard names={lists.map((l) => l.Name)} />
      <RefusalsCard now={now} />
      <Title order={2} size="h4">
        Lists
      </Title>
      {lists.length === 0 ? (
        <Alert variant="light">{DNC_TEXTS.none}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {lists.map((list) => (
            <ListCard key={list.ListId} list={list} timeZone={timeZone} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
