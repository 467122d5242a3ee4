// Lead Distribution (spec part 2 §5, §6), shared by both flows: whole percentages 0 to 100 over the
// owner and the active agents of their downline, totalling 100; agents are added by name or id (with
// Show Direct Reports Only narrowing the choices); a live-transfer fund or campaign keeps every lead
// with the owner, and the form is read-only when it cannot be edited.
import { Alert, Autocomplete, Button, CloseButton, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { addRecipientMessage, type DistributionAgent } from '#shared/orders/step-distribution.ts';
import type { DownlineAgent } from '../api/list-distribution-agents.ts';
import { numberOf, type Owner } from '../wizard/order-draft.ts';
import { snackbar, SNACKBAR_MS } from './snackbar.ts';
import type { StepProps } from './step-props.ts';

/** What a percentage field keeps: digits only, at most 3. */
export const percentInput = (text: string) => text.replace(/\D/g, '').slice(0, 3);

const agentLabel = (a: { AgentId: string; FirstName: string; LastName: string }) => `${a.FirstName} ${a.LastName} (${a.AgentId})`.trim();

/** The agent an add-field text names: a listed agent's label, else the text as an agent id. */
export function agentIdOf(text: string, agents: readonly DownlineAgent[]): string {
  const trimmed = text.trim();
  return agents.find((a) => agentLabel(a) === trimmed)?.AgentId ?? trimmed;
}

interface DistributionStepProps extends StepProps {
  owner: Owner;
  /** The owner is the signed-in user (not an agent an admin writes the order for): marked "(you)". */
  ownerIsYou: boolean;
  /** The owner's downline (empty for staff: the hierarchy is read only for agents, 2§6). */
  downline: readonly DownlineAgent[];
  /** The agents the distribution is checked against (the downline, or the order's recipients). */
  agents: readonly DistributionAgent[];
  liveTransfer: boolean;
  editable: boolean;
}

export function DistributionStep({ form, flow, owner, ownerIsYou, downline, agents, liveTransfer, editable }: DistributionStepProps) {
  const [directOnly, setDirectOnly] = useState(false);
  const [text, setText] = useState('');
  const [addError, setAddError] = useState<string | undefined>();
  const recipients = form.values.OrderRecipients;
  const locked = liveTransfer || !editable;
  const total = recipients.reduce((sum, r) => sum + numberOf(r.Percentage), 0);
  const offered = downline.filter((a) => a.Status === 1 && (!directOnly || a.ParentAgentId === undefined || a.ParentAgentId === owner.AgentId));

  const clearErrors = () => {
    form.clearFieldError('OrderRecipients');
    recipients.forEach((_, i) => form.clearFieldError(`OrderRecipients.${i}.Percentage`));
  };

  const add = () => {
    const id = agentIdOf(text, downline);
    if (!id) return;
    const message = addRecipientMessage(id, recipients, agents, owner.AgentId);
    if (message) {
      setAddError(message);
      snackbar(message, { autoClose: SNACKBAR_MS.picker });
      return;
    }
    const agent = downline.find((a) => a.AgentId === id);
    form.setFieldValue('OrderRecipients', [...recipients, { AgentId: id, FirstName: agent?.FirstName ?? '', LastName: agent?.LastName ?? '', Percentage: '0' }]);
    clearErrors();
    setText('');
  };

  return (
    <Stack gap="md">
      {liveTransfer && (
        <Alert color="blue" title="Live transfer">
          This order has a live transfer {flow === 'fund' ? 'fund' : 'campaign'}, so every lead goes to {owner.FirstName} {owner.LastName}.
        </Alert>
      )}
      {!liveTransfer && !editable && <Text size="sm">The distribution of this order cannot be changed.</Text>}

      <Stack gap="xs" role="list" aria-label="Distribution">
        {recipients.map((r, i) => {
          const isOwner = r.AgentId === owner.AgentId;
          const name = isOwner ? `${owner.FirstName} ${owner.LastName}` : `${r.FirstName} ${r.LastName}`.trim() || r.AgentId;
          return (
            <Paper key={r.AgentId} withBorder p="xs" role="listitem">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={600} truncate>
                    {name}
                    {isOwner && ownerIsYou ? ' (you)' : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.AgentId}
                  </Text>
                </Stack>
                <TextInput
                  w={110}
                  aria-label={`Percentage for ${name}`}
                  rightSection={<Text size="sm">%</Text>}
                  inputMode="numeric"
                  autoComplete="off"
                  name={`dist${r.AgentId}`}
                  disabled={locked}
                  value={r.Percentage}
                  error={form.errors[`OrderRecipients.${i}.Percentage`]}
                  onChange={(e) => {
                    form.setFieldValue(`OrderRecipients.${i}.Percentage`, percentInput(e.currentTarget.value));
                    clearErrors();
                  }}
                />
                {!isOwner && !locked && (
                  <CloseButton
                    mt={4}
                    aria-label={`Remove ${name}`}
                    onClick={() => {
                      form.setFieldValue(
                        'OrderRecipients',
                        recipients.filter((x) => x.AgentId !== r.AgentId),
                      );
                      clearErrors();
                    }}
                  />
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Text size="sm" fw={600} aria-live="polite">
        Total: {total}%
      </Text>
      {form.errors.OrderRecipients && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.OrderRecipients}
        </Text>
      )}

      {!locked && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Switch label="Show Direct Reports Only" checked={directOnly} onChange={(e) => setDirectOnly(e.currentTarget.checked)} />
            <Group align="flex-start" gap="xs" wrap="wrap">
              <Autocomplete
                label="Add agent"
                placeholder="Name or agent id"
                data={offered.map(agentLabel)}
                value={text}
                onChange={(t) => (setText(t), setAddError(undefined))}
                error={addError}
                limit={50}
                style={{ flex: '1 1 14rem' }}
              />
              <Button mt={25} variant="default" onClick={add} disabled={!text.trim()}>
                Add
              </Button>
            </Group>
            {downline.length === 0 && (
              <Text size="xs" c="dimmed">
                No agents in the downline.
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
