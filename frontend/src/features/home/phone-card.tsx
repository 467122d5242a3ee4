// Home's LiveTransfer Phone Info table (spec part 1 §2.3, §8): the primary and secondary number with
// their status; a 404 means the phone is not set up, any other failure has its own text.
import { Table } from '@mantine/core';
import { ApiError } from '@/api/client.ts';
import { formatPhone } from '@/components/phone.ts';
import { useAgentPhone, type AgentPhone } from './api/get-agent-phone.ts';
import { TableCard } from './table-card.tsx';

const NOT_SET_UP = 'LiveTransfer phone is not set up.';
const LOAD_ERROR = 'There was an error loading LiveTransfer phone data.';

interface PhoneRow {
  which: 'Primary' | 'Secondary';
  number: string;
  status: string;
}

function phoneRows(phone: AgentPhone): PhoneRow[] {
  const rows: PhoneRow[] = [{ which: 'Primary', number: phone.PrimaryPhoneNumber, status: phone.StatusPrimary }];
  // A secondary number is optional; an agent without one gets no empty row.
  if (phone.SecondaryPhoneNumber) rows.push({ which: 'Secondary', number: phone.SecondaryPhoneNumber, status: phone.StatusSecondary ?? '' });
  return rows;
}

export function PhoneCard({ agentId }: { agentId: string }) {
  const { data: phone, error, isPending } = useAgentPhone(agentId);
  const message = error
    ? error instanceof ApiError && error.status === 404
      ? { text: NOT_SET_UP, error: false }
      : { text: LOAD_ERROR, error: true }
    : undefined;
  return (
    <TableCard title="LiveTransfer Phone Info" pending={isPending} message={message}>
      {phone && (
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>Number</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {phoneRows(phone).map((row) => (
              <Table.Tr key={row.which}>
                <Table.Th scope="row">{row.which}</Table.Th>
                <Table.Td>{formatPhone(row.number)}</Table.Td>
                <Table.Td>{row.status}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </TableCard>
  );
}
