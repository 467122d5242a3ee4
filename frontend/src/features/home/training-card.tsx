// Home's Training table (spec part 1 §2.3, §8): Course and Status of the configured courses.
import { Table } from '@mantine/core';
import { useFeatureFlags } from '@/api/get-feature-flags.ts';
import { useTrainingData } from './api/get-training-data.ts';
import { TableCard } from './table-card.tsx';
import { validTrainingRows } from './training-rows.ts';

const LOAD_ERROR = 'There was an error loading training data.';
const NO_DATA = 'No data to display.';

export function TrainingCard({ agentId }: { agentId: string }) {
  const { validTrainingTitles } = useFeatureFlags();
  const { data, isError, isPending } = useTrainingData(agentId);
  const rows = data ? validTrainingRows(data, validTrainingTitles) : [];
  const message = isError ? { text: LOAD_ERROR, error: true } : rows.length === 0 ? { text: NO_DATA, error: false } : undefined;
  return (
    <TableCard title="Training" pending={isPending} message={message}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Course</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.CourseName}>
              <Table.Td>{row.CourseName}</Table.Td>
              <Table.Td>{row.Status}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}
