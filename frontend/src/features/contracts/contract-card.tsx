// One contract map as a card (spec part 3 §2, §4): view mode shows Name, Contract ID, Campaign, Call
// Center List ID and the created and last-modified times, with Edit and Delete for contract editors;
// edit mode is a Mantine form checked by the server's schema plus the Contract ID against the other
// maps, with Cancel and Save. The card only calls back: the page owns the API calls, so a refusal
// (a taken ID, a stale edit) comes back here as an ApiError and shows on the card.
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useId, useRef, useState } from 'react';
import type { ContractDto } from '#shared/api/contracts.ts';
import { CONTRACT_MESSAGES } from '#shared/contracts.ts';
import { ApiError } from '@/api/client.ts';
import { cardMessages, contractCardErrors, timestampText, type CampaignChoice, type ContractValues } from './contract-display.ts';

const SAVE_FAILED = 'Unable to save the contract map.';
const DELETE_FAILED = 'Unable to delete the contract map.';

function messagesOf(err: unknown, fallback: string): string[] {
  return err instanceof ApiError && err.messages.length > 0 ? err.messages : [fallback];
}

export interface ContractCardProps {
  /** The map shown; undefined for a map being added (the card starts in edit mode). */
  contract?: ContractDto;
  /** Every saved map, for the duplicate Contract ID check. */
  contracts: readonly ContractDto[];
  campaigns: readonly CampaignChoice[];
  /** CAN_EDIT_CONTRACTS: Edit and Delete show only with it. */
  canEdit: boolean;
  /** Saves the values (with the map's key and revision when it exists); rejects with the server's refusal. */
  onSave: (values: ContractValues, existing?: Pick<ContractDto, 'ContractKey' | 'Revision'>) => Promise<unknown>;
  onDelete?: (contract: ContractDto) => Promise<unknown>;
  /** A new card's Cancel (the page drops it) and a new card's saved map (the list shows it now). */
  onClose?: () => void;
}

const valuesOf = (contract: ContractDto | undefined): ContractValues => ({
  ContractName: contract?.ContractName ?? '',
  ContractID: contract?.ContractID ?? '',
  CampaignID: contract?.CampaignID ?? '',
  F9List: contract?.F9List ?? '',
});

export function ContractCard(props: ContractCardProps) {
  const { contract, canEdit } = props;
  const [editing, setEditing] = useState(contract === undefined);
  const [problems, setProblems] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const titleId = useId();

  if (editing && canEdit)
    return (
      <ContractEditCard
        {...props}
        titleId={titleId}
        onDone={() => {
          setEditing(false);
          if (!contract) props.onClose?.();
        }}
      />
    );
  if (!contract) return null;

  const remove = async () => {
    setProblems([]);
    setDeleting(true);
    try {
      await props.onDelete?.(contract);
    } catch (err) {
      setProblems(messagesOf(err, DELETE_FAILED));
      setDeleting(false);
    }
  };

  const line = (label: string, value: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value || '-'}
      </Text>
    </Group>
  );

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {contract.ContractName}
        </Title>
        {line('Name', contract.ContractName)}
        {line('Contract ID', contract.ContractID)}
        {line('Campaign', contract.CampaignName)}
        {line('Call Center List ID', contract.F9List)}
        {line('Created', timestampText(contract.CreatedDate))}
        {line('Last Modified', timestampText(contract.LastModifiedDate))}
        <Problems messages={problems} />
        {canEdit && (
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="outline" color="red.8" onClick={() => void remove()} loading={deleting}>
              Delete
            </Button>
            <Button
              onClick={() => {
                setProblems([]);
                setEditing(true);
              }}
            >
              Edit
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function ContractEditCard({ contract, contracts, campaigns, onSave, onDone, titleId }: ContractCardProps & { onDone: () => void; titleId: string }) {
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const key = contract?.ContractKey ?? '';
  const nameInput = useRef<HTMLInputElement>(null);
  // Entering edit mode (or adding a map) puts the cursor in Name, so keyboard users land in the form.
  useEffect(() => {
    nameInput.current?.focus();
    nameInput.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const form = useForm<ContractValues>({
    mode: 'controlled',
    initialValues: valuesOf(contract),
    validate: (values) => contractCardErrors(values, key, contracts),
  });

  const submit = form.onSubmit(async (values) => {
    setServerProblems([]);
    setSaving(true);
    try {
      await onSave(values, contract ? { ContractKey: contract.ContractKey, Revision: contract.Revision } : undefined);
      onDone();
    } catch (err) {
      const messages = messagesOf(err, SAVE_FAILED);
      if (messages.includes(CONTRACT_MESSAGES.duplicateContractId)) form.setFieldError('ContractID', CONTRACT_MESSAGES.duplicateContractId);
      setServerProblems(messages.filter((m) => m !== CONTRACT_MESSAGES.duplicateContractId));
      setSaving(false);
    }
  });

  const heading = contract ? `Edit ${contract.ContractName}` : 'New contract map';
  // Field messages are said once for the card (the spec's 'Missing required fields.' covers them all);
  // each field in error is marked invalid.
  const invalid = (field: keyof ContractValues) => Boolean(form.errors[field]);
  const messages = [...cardMessages(form.errors), ...serverProblems];

  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {heading}
        </Title>
        <TextInput ref={nameInput} label="Name" withAsterisk {...form.getInputProps('ContractName')} error={invalid('ContractName')} />
        <TextInput label="Contract ID" withAsterisk {...form.getInputProps('ContractID')} error={invalid('ContractID')} />
        <Select
          label="Campaign"
          withAsterisk
          searchable
          data={campaigns as CampaignChoice[]}
          nothingFoundMessage="No campaigns"
          {...form.getInputProps('CampaignID')}
          value={form.values.CampaignID || null}
          onChange={(value) => form.setFieldValue('CampaignID', value ?? '')}
          error={invalid('CampaignID')}
        />
        <TextInput label="Call Center List ID" {...form.getInputProps('F9List')} error={invalid('F9List')} />
        <Problems messages={messages} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Problems({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" role="alert" p="xs">
      {messages.map((m) => (
        <Text key={m} size="sm">
          {m}
        </Text>
      ))}
    </Alert>
  );
}
