// View as Table (spec part 3 §2): every contract map in one table, in a dialog. On a phone each map is
// a short list of its fields instead, so nothing runs off a 390 px screen.
import { Button, Card, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ContractDto } from '#shared/api/contracts.ts';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import { timestampText } from './contract-display.ts';

const COLUMNS: { title: string; value: (c: ContractDto) => string }[] = [
  { title: 'Name', value: (c) => c.ContractName },
  { title: 'Contract ID', value: (c) => c.ContractID },
  { title: 'Campaign', value: (c) => c.CampaignName || '-' },
  { title: 'Call Center List ID', value: (c) => c.F9List || '-' },
  { title: 'Created', value: (c) => timestampText(c.CreatedDate) },
  { title: 'Last Modified', value: (c) => timestampText(c.LastModifiedDate) },
];

export function ContractsTableDialog({ contracts, opened, onClose }: { contracts: readonly ContractDto[]; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title="Contract Map" size="auto" fullScreen={phone}>
      <Stack gap="md">
        {contracts.length === 0 ? (
          <Text size="sm">No contract maps.</Text>
        ) : phone ? (
          <Stack gap="xs" data-layout="cards">
            {contracts.map((c) => (
              <Card key={c.ContractKey} withBorder padding="xs" component="dl" m={0}>
                {COLUMNS.map((col) => (
                  <Group key={col.title} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text component="dt" size="xs" c="dimmed" fw={600}>
                      {col.title}
                    </Text>
                    <Text component="dd" size="sm" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
                      {col.value(c)}
                    </Text>
                  </Group>
                ))}
              </Card>
            ))}
          </Stack>
        ) : (
          <Table striped withTableBorder aria-label="Contract maps">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((col) => (
                  <Table.Th key={col.title}>{col.title}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contracts.map((c) => (
                <Table.Tr key={c.ContractKey}>
                  {COLUMNS.map((col) => (
                    <Table.Td key={col.title}>{col.value(c)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
