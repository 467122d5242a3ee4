// The Funds dialog of one campaign vendor (spec part 3 §2, §4): the funds its leads are sold into,
// in priority order. Adding gives the next priority, removing renumbers the rest, up and down swap
// (the shared rules of shared/campaign.ts, which also mark what the PUT must add, change or delete).
import { ActionIcon, Button, Group, Modal, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ScrollTable } from '@/components/scroll-table.tsx';
import type { FundDto } from '#shared/api/funds.ts';
import { addFundSelection, moveFundSelection, removeFundSelection } from '#shared/campaign.ts';
import type { FundPick } from './campaign-form-model.ts';
import { restoreOrAddFund } from './fund-picks.ts';

interface FundsDialogProps {
  vendorName: string;
  picked: readonly FundPick[];
  funds: readonly FundDto[];
  onChange: (next: FundPick[]) => void;
  onClose: () => void;
}

export function FundsDialog({ vendorName, picked, funds, onChange, onClose }: FundsDialogProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const kept = picked.filter((p) => p.Action !== 'DeleteFund');
  const taken = new Set(kept.map((p) => p.FundId));
  const options = funds.filter((f) => !taken.has(f.FundId)).map((f) => ({ value: f.FundId, label: `${f.Name} (${f.Code})` }));
  const ordered = [...kept].sort((a, b) => a.Priority - b.Priority);

  const add = () => {
    const fund = funds.find((f) => f.FundId === choice);
    if (!fund) return;
    onChange(restoreOrAddFund(picked, { FundId: fund.FundId, Name: fund.Name, Code: fund.Code, IsActive: true }, addFundSelection));
    setChoice(null);
  };

  return (
    <Modal opened onClose={onClose} title={`Funds: ${vendorName}`} size="lg" centered>
      <Stack gap="md">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select label="Fund" placeholder="Choose a fund" data={options} value={choice} onChange={setChoice} searchable style={{ flex: '1 1 14rem' }} />
          <Button onClick={add} disabled={!choice}>
            Add Fund
          </Button>
        </Group>
        {ordered.length === 0 ? (
          <Text size="sm" c="dimmed">
            No funds selected.
          </Text>
        ) : (
          <ScrollTable minWidth={0}>
            <Table aria-label="Selected funds">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Priority</Table.Th>
                  <Table.Th>Fund</Table.Th>
                  <Table.Th>Active</Table.Th>
                  <Table.Th>Order</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ordered.map((fund, index) => (
                  <Table.Tr key={fund.FundId}>
                    <Table.Td>{fund.Priority}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {fund.Name} ({fund.Code})
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${fund.Name} active`}
                        checked={fund.IsActive}
                        onChange={(e) => {
                          const IsActive = e.currentTarget.checked;
                          onChange(picked.map((f) => (f.FundId === fund.FundId ? { ...f, IsActive, Action: f.Action === 'None' ? 'UpdateFund' : f.Action } : f)));
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="default" aria-label={`Move ${fund.Name} up`} disabled={index === 0} onClick={() => onChange(moveFundSelection(picked, fund.FundId, -1))}>
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          aria-label={`Move ${fund.Name} down`}
                          disabled={index === ordered.length - 1}
                          onClick={() => onChange(moveFundSelection(picked, fund.FundId, 1))}
                        >
                          ↓
                        </ActionIcon>
                        <ActionIcon variant="default" color="red" aria-label={`Remove ${fund.Name}`} onClick={() => onChange(removeFundSelection(picked, fund.FundId))}>
                          ✕
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
