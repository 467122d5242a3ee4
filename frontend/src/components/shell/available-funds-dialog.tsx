// Available Funds (spec part 1 §2.2): the funds the user may buy from, as the server filters and sorts
// them, with name, disputable status, category label, price for the agent's type and description.
import { Modal, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDollars } from '../money.ts';
import { useFunds } from './api/get-funds.ts';

function FundsTable({ opened }: { opened: boolean }) {
  const { data: funds, isPending, isError } = useFunds(opened);
  if (isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton height={20} />
        <Skeleton height={20} />
        <Skeleton height={20} />
      </Stack>
    );
  // A failed call is only logged (part 1 §8); the dialog says there is nothing to show.
  if (isError || funds.length === 0) return <Text>No data to display.</Text>;
  return (
    <ScrollArea>
      <Table striped highlightOnHover verticalSpacing="xs" miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Disputable</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {funds.map((fund) => (
            <Table.Tr key={fund.FundId}>
              <Table.Td fw={600}>{fund.Name}</Table.Td>
              <Table.Td>{fund.DisputableStatus}</Table.Td>
              <Table.Td>{fund.CategoryLabel}</Table.Td>
              <Table.Td ta="right">{formatDollars(fund.Price)}</Table.Td>
              <Table.Td>{fund.Description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

export function AvailableFundsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Available Funds" size="xl">
      <FundsTable opened={opened} />
    </Modal>
  );
}
