// Routing Rules (spec part 3 §2, §3, §4, §6): the rules in the order the lead engine applies them,
// each with its details a click away; up and down moves saved through the swap call; Edit, Delete and
// Add Rule. The default rule is last, never moves and is never deleted, and only its targets can be
// edited. Moving, editing, deleting and adding need CAN_EDIT_ROUTING_RULES; without it the list is
// read-only. One card per rule, so the screen reads the same on a phone.
import { ActionIcon, Alert, Badge, Button, Card, Collapse, Group, Modal, SimpleGrid, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { RuleDto } from '#shared/api/rules.ts';
import { splitPipe } from '#shared/rules.ts';
import { useMe } from '@/api/get-me.ts';
import { ApiError } from '@/api/client.ts';
import { formatDateTime } from '@/components/date-time.ts';
import { useDeleteRule } from './api/delete-rule.ts';
import { type RuleCampaign, useRuleCampaigns } from './api/list-rule-campaigns.ts';
import { useRules } from './api/list-rules.ts';
import { useSwapRules } from './api/swap-rules.ts';
import { RuleDialog } from './rule-dialog.tsx';
import { swapPartner } from './rule-form-model.ts';

type Editing = { rule?: RuleDto } | null;

const problemOf = (err: unknown) => (err instanceof ApiError && err.messages.length > 0 ? err.messages : ['The change could not be saved. Please try again.']);

export function RulesPage() {
  const { Permissions } = useMe();
  const canEdit = Permissions.includes('CAN_EDIT_ROUTING_RULES');
  const rules = useRules();
  const campaigns = useRuleCampaigns();
  const swap = useSwapRules();
  const remove = useDeleteRule();
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RuleDto | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  const [status, setStatus] = useState('');

  const toggle = (id: string) => setExpanded((open) => (open.includes(id) ? open.filter((x) => x !== id) : [...open, id]));

  const move = (rule: RuleDto, direction: -1 | 1) => {
    const other = swapPartner(rules, rule.RuleId, direction);
    if (!other) return;
    setProblem([]);
    swap.mutate(
      { first: rule, second: other },
      {
        onSuccess: () => setStatus(`${rule.Name} moved ${direction < 0 ? 'up' : 'down'}.`),
        onError: (err) => setProblem(problemOf(err)),
      },
    );
  };

  const confirmDelete = (rule: RuleDto) => {
    setProblem([]);
    remove.mutate(rule.RuleId, {
      onSuccess: () => setStatus(`${rule.Name} deleted.`),
      onError: (err) => setProblem(problemOf(err)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Routing Rules
        </Title>
        {canEdit && <Button onClick={() => setEditing({})}>Add Rule</Button>}
      </Group>
      <Text size="sm" c="dimmed">
        Each lead follows the first active rule it matches, from the top; the default rule takes every lead no other rule matches.
      </Text>
      {problem.length > 0 && (
        <Alert color="red" title="Unable to change the rules" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setProblem([])}>
          {problem.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      <VisuallyHidden role="status">{status}</VisuallyHidden>
      <Stack component="ol" gap="sm" aria-label="Routing rules" p={0} m={0} style={{ listStyle: 'none' }}>
        {rules.map((rule) => (
          <RuleCard
            key={rule.RuleId}
            rule={rule}
            campaigns={campaigns}
            open={expanded.includes(rule.RuleId)}
            onToggle={() => toggle(rule.RuleId)}
            actions={
              canEdit ? (
                <RuleActions
                  rule={rule}
                  canUp={swapPartner(rules, rule.RuleId, -1) !== undefined}
                  canDown={swapPartner(rules, rule.RuleId, 1) !== undefined}
                  moving={swap.isPending}
                  onMove={(direction) => move(rule, direction)}
                  onEdit={() => setEditing({ rule })}
                  onDelete={() => setDeleting(rule)}
                />
              ) : null
            }
          />
        ))}
      </Stack>
      {editing && (
        <RuleDialog
          rule={editing.rule}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setStatus(`${saved.Name} saved.`);
          }}
        />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete Rule" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Stack gap="md">
          <Text size="sm">Are you sure you want to delete the rule {deleting?.Name}?</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              No
            </Button>
            <Button color="red.8" loading={remove.isPending} onClick={() => deleting && confirmDelete(deleting)}>
              Yes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

interface RuleActionsProps {
  rule: RuleDto;
  canUp: boolean;
  canDown: boolean;
  moving: boolean;
  onMove: (direction: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

function RuleActions({ rule, canUp, canDown, moving, onMove, onEdit, onDelete }: RuleActionsProps) {
  return (
    <Group gap={6} wrap="wrap">
      {!rule.DefaultRule && (
        <>
          <ActionIcon variant="default" size="lg" aria-label={`Move ${rule.Name} up`} disabled={!canUp || moving} onClick={() => onMove(-1)}>
            ↑
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={`Move ${rule.Name} down`} disabled={!canDown || moving} onClick={() => onMove(1)}>
            ↓
          </ActionIcon>
        </>
      )}
      <Button variant="default" size="xs" aria-label={`Edit ${rule.Name}`} onClick={onEdit}>
        Edit
      </Button>
      {!rule.DefaultRule && (
        <Button variant="default" color="red.8" size="xs" aria-label={`Delete ${rule.Name}`} onClick={onDelete}>
          Delete
        </Button>
      )}
    </Group>
  );
}

interface RuleCardProps {
  rule: RuleDto;
  campaigns: readonly RuleCampaign[];
  open: boolean;
  onToggle: () => void;
  actions: React.ReactNode;
}

function RuleCard({ rule, campaigns, open, onToggle, actions }: RuleCardProps) {
  const detailsId = `rule-details-${rule.RuleId}`;
  return (
    <Card component="li" withBorder padding="sm" aria-label={rule.Name} data-rule={rule.Name}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} c="dimmed">
              {rule.Priority}.
            </Text>
            <UnstyledButton aria-expanded={open} aria-controls={detailsId} onClick={onToggle} fw={600} c="blue.8" style={{ overflowWrap: 'anywhere' }}>
              {rule.Name}
            </UnstyledButton>
            {rule.DefaultRule && (
              <Badge variant="light" color="gray">
                Default
              </Badge>
            )}
            <Badge variant="light" color={rule.Active ? 'green' : 'gray'}>
              {rule.Active ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
          <Text size="sm">
            Call Center {rule.CallCenterPercent}% · POST {rule.PPPercent}%
          </Text>
        </Stack>
        {actions}
      </Group>
      <Collapse expanded={open}>
        <div id={detailsId}>{open && <RuleDetails rule={rule} campaigns={campaigns} />}</div>
      </Collapse>
    </Card>
  );
}

function RuleDetails({ rule, campaigns }: { rule: RuleDto; campaigns: readonly RuleCampaign[] }) {
  const any = (list: string[], all: string) => (list.length > 0 ? list.join(', ') : all);
  const campaignNames = splitPipe(rule.Campaigns).map((id) => campaigns.find((c) => c.CampaignId === id)?.Name ?? id);
  const item = (label: string, value: React.ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Stack gap="xs" mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {rule.Description && <Text size="sm">{rule.Description}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {item('Zip Codes', rule.DefaultRule ? 'Every other lead' : any(splitPipe(rule.ZipCodes), 'Any zip code'))}
        {item('States', rule.DefaultRule ? 'Every other lead' : any(splitPipe(rule.States), 'Any state'))}
        {item('Lines of Business', rule.DefaultRule ? 'Every other lead' : any(splitPipe(rule.LinesOfBusiness), 'Any line of business'))}
        {item('Campaigns', rule.DefaultRule ? 'Every other lead' : any(campaignNames, 'Any campaign'))}
        {item('Leads sent', `Call Center ${rule.CallCenterCount.toLocaleString('en-US')} · POST ${rule.PPCount.toLocaleString('en-US')}`)}
        {item('Created', formatDateTime(rule.CreatedDate, null))}
        {item('Last Modified', `${formatDateTime(rule.LastModifiedDate, null)} by ${rule.ModifiedBy}`)}
      </SimpleGrid>
    </Stack>
  );
}
