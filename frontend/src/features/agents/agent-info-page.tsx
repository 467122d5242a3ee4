// Agent Information (spec part 3 §2, §4, §5 "Agent edit", §6): the agent's name, code and e-mail
// read-only; priority, credit line and the order, live-transfer and (under its feature flag)
// third-party statuses, each shown and editable only with its permission. View mode first; Edit
// (CAN_EDIT_AGENTS) opens edit mode, Cancel returns to view mode, Save asks 'Are you sure you want to
// save changes?' and saves through PATCH agent only the fields the user changed (what was not touched
// is never written back). Below, the account status audit.
import { Alert, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { AGENT_ADMIN_MESSAGES, agentUpdateSchema, PRIORITIES, type AgentUpdateInput } from '#shared/agent-admin.ts';
import type { AgentDetails } from '#shared/api/agents.ts';
import { displayedLiveTransferStatus } from '#shared/settings.ts';
import { useFeatureFlags } from '@/api/get-feature-flags.ts';
import { useMe } from '@/api/get-me.ts';
import { ApiError } from '@/api/client.ts';
import { AdminAgentHeader } from '@/components/admin-agent-header.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { formatDollars } from '@/components/money.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { ScrollTable } from '@/components/scroll-table.tsx';
import { useAgentQuery } from './api/get-agent.ts';
import { useStatusAudit } from './api/get-status-audit.ts';
import { useUpdateAgent } from './api/update-agent.ts';

/** The form's values; the statuses as stored (GET agent/{id} answers live transfer as stored). */
interface Draft {
  Priority: string | null;
  CreditLineCents: number | null;
  OrderStatus: boolean;
  LiveTransferStatus: boolean;
  ThirdPartyLeadStatus: boolean;
}

const draftOf = (agent: AgentDetails): Draft => ({
  Priority: agent.Priority === undefined ? null : String(agent.Priority),
  CreditLineCents: agent.CreditLine === undefined ? null : Math.round(agent.CreditLine * 100),
  OrderStatus: agent.OrderStatus === 1,
  LiveTransferStatus: agent.LiveTransferStatus === 1,
  ThirdPartyLeadStatus: agent.ThirdPartyLeadStatus,
});

const STATUS_NAMES = { Global: 'Account order status', LiveTransfer: 'Live transfer', ThirdParty: 'Third-party leads' } as const;

/**
 * The page for one agent id: 'No agents found. Please try again later.' when there is none to show.
 * `panels` (the route's live-transfer phone and training cards) show under the agent once it is found.
 */
export function AgentInfoPage({ agentId, panels }: { agentId: string; panels?: ReactNode }) {
  const query = useAgentQuery(agentId);
  if (query.isPending) return <Text size="sm">Loading…</Text>;
  if (query.isError)
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Agent Information
        </Title>
        <Text>{AGENT_ADMIN_MESSAGES.notFound}</Text>
      </Stack>
    );
  // A new agent (or a saved one) starts the form afresh.
  return <AgentInfo key={`${query.data.AgentId}`} agent={query.data} panels={panels} />;
}

function AgentInfo({ agent, panels }: { agent: AgentDetails; panels?: ReactNode }) {
  const { Permissions } = useMe();
  const flags = useFeatureFlags();
  const save = useUpdateAgent();
  const can = (p: (typeof Permissions)[number]) => Permissions.includes(p);
  const shows = {
    priority: can('CAN_VIEW_EDIT_AGENT_PRIORITY') && agent.Priority !== undefined,
    creditLine: can('CAN_VIEW_EDIT_AGENT_CREDIT_LINE') && agent.CreditLine !== undefined,
    orderStatus: can('CAN_VIEW_EDIT_AGENT_ACCOUNT_ORDER_STATUS'),
    liveTransfer: can('CAN_VIEW_AGENT_LIVE_TRANSFER_STATUS'),
    thirdParty: can('CAN_VIEW_AGENT_THIRD_PARTY_STATUS') && flags.thirdPartyToggle,
  };
  const canEdit = can('CAN_EDIT_AGENTS');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(agent));
  const [errors, setErrors] = useState<string[]>([]);

  // What the save sends: the agent's id and only the fields this viewer changed, so nothing the user
  // did not touch is written (a value shown by a display rule is never sent back).
  const read = draftOf(agent);
  const changed = <F extends keyof Draft>(field: F, shown: boolean) => shown && draft[field] !== read[field];
  const body: AgentUpdateInput = {
    AgentId: agent.AgentId,
    ...(changed('Priority', shows.priority) && draft.Priority ? { Priority: Number(draft.Priority) } : {}),
    ...(changed('CreditLineCents', shows.creditLine) ? { CreditLine: draft.CreditLineCents === null ? '' : draft.CreditLineCents / 100 } : {}),
    ...(changed('OrderStatus', shows.orderStatus) ? { OrderStatus: draft.OrderStatus ? 1 : 0 } : {}),
    ...(changed('LiveTransferStatus', shows.liveTransfer) ? { LiveTransferStatus: draft.LiveTransferStatus ? 1 : 0 } : {}),
    ...(changed('ThirdPartyLeadStatus', shows.thirdParty) ? { ThirdPartyLeadStatus: draft.ThirdPartyLeadStatus } : {}),
  };
  // Live transfer displays as Paused while the account order status (as the form has it) is Paused,
  // and can be switched only while it is Active (part 1 §4); the draft keeps the stored value.
  const liveTransferShown = displayedLiveTransferStatus(draft.OrderStatus ? 1 : 0, draft.LiveTransferStatus ? 1 : 0) === 1;
  const check = agentUpdateSchema.safeParse(body);
  const fieldError = (field: 'Priority' | 'CreditLine') => (check.success ? undefined : check.error.issues.find((i) => i.path[0] === field)?.message);

  const cancel = () => {
    setDraft(draftOf(agent));
    setErrors([]);
    setEditing(false);
  };
  const confirmSave = async () => {
    setConfirming(false);
    setErrors([]);
    try {
      const saved = await save.mutateAsync(body);
      setDraft(draftOf(saved));
      setEditing(false);
    } catch (err) {
      setErrors(err instanceof ApiError && err.messages.length > 0 ? err.messages : [AGENT_ADMIN_MESSAGES.saveFailed]);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <AdminAgentHeader agent={{ agentID: agent.AgentId, firstName: agent.FirstName, lastName: agent.LastName }} current="agentInfo" />
      <Card withBorder>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              Agent Information
            </Title>
            {canEdit && !editing && (
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </Group>
          {errors.length > 0 && (
            <Alert color="red" title={AGENT_ADMIN_MESSAGES.saveFailed} role="alert">
              {errors.map((m) => (
                <Text key={m} size="sm">
                  {m}
                </Text>
              ))}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ReadOnly label="Name" value={`${agent.FirstName} ${agent.LastName}`} />
            <ReadOnly label="Agent Code" value={agent.AgentId} />
            <ReadOnly label="E-mail" value={agent.EmailAddress || '-'} />
          </SimpleGrid>
          {(shows.priority || shows.creditLine) && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {shows.priority &&
                (editing ? (
                  <Select
                    label="Priority"
                    data={PRIORITIES.map(String)}
                    value={draft.Priority}
                    onChange={(v) => setDraft({ ...draft, Priority: v })}
                    allowDeselect={false}
                    error={fieldError('Priority')}
                  />
                ) : (
                  <ReadOnly label="Priority" value={String(agent.Priority)} />
                ))}
              {shows.creditLine &&
                (editing ? (
                  <MoneyInput
                    label="Credit Line"
                    value={draft.CreditLineCents}
                    onChange={(cents) => setDraft({ ...draft, CreditLineCents: cents })}
                    error={fieldError('CreditLine')}
                  />
                ) : (
                  <ReadOnly label="Credit Line" value={formatDollars(agent.CreditLine ?? 0)} />
                ))}
            </SimpleGrid>
          )}
          <Group gap="xl" wrap="wrap">
            {shows.orderStatus && (
              <Switch
                label="Account Order Status"
                description={draft.OrderStatus ? 'Active' : 'Paused'}
                checked={draft.OrderStatus}
                disabled={!editing}
                onChange={(e) => setDraft({ ...draft, OrderStatus: e.currentTarget.checked })}
              />
            )}
            {shows.liveTransfer && (
              <Switch
                label="Live Transfer Status"
                description={liveTransferShown ? 'Active' : 'Paused'}
                checked={liveTransferShown}
                disabled={!editing || !draft.OrderStatus}
                onChange={(e) => setDraft({ ...draft, LiveTransferStatus: e.currentTarget.checked })}
              />
            )}
            {shows.thirdParty && (
              <Switch
                label="Third Party Status"
                description={draft.ThirdPartyLeadStatus ? 'Active' : 'Paused'}
                checked={draft.ThirdPartyLeadStatus}
                disabled={!editing}
                onChange={(e) => setDraft({ ...draft, ThirdPartyLeadStatus: e.currentTarget.checked })}
              />
            )}
          </Group>
          {editing && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={cancel}>
                Cancel
              </Button>
              <Button onClick={() => setConfirming(true)} disabled={!check.success} loading={save.isPending}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      {panels}
      <StatusAuditCard agentId={agent.AgentId} timeZone={agent.TimeZone} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Save changes" centered>
        <Stack gap="md">
          <Text size="sm">{AGENT_ADMIN_MESSAGES.saveConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              No
            </Button>
            <Button onClick={() => void confirmSave()}>Yes</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function StatusAuditCard({ agentId, timeZone }: { agentId: string; timeZone: string | null }) {
  const audit = useStatusAudit(agentId);
  const rows = audit.data ?? [];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Account Status History
        </Title>
        {rows.length === 0 ? (
          <Text size="sm">{audit.isPending ? 'Loading…' : 'No status changes yet.'}</Text>
        ) : (
          <ScrollTable minWidth={0}>
            <Table aria-label="Account status history" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, 25).map((r) => (
                  <Table.Tr key={`${r.UpdateDate}${r.StatusType}`}>
                    <Table.Td>{formatDateTime(r.UpdateDate, timeZone)}</Table.Td>
                    <Table.Td>{STATUS_NAMES[r.StatusType]}</Table.Td>
                    <Table.Td>{r.PreviousStatus}</Table.Td>
                    <Table.Td>{r.NewStatus}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
