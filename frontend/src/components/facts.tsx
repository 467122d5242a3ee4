// A record's facts, name and value, in the two layouts drawers and dialogs use: a vertical table with a
// name for screen readers (empty values left out), and a description list in two columns on wider
// screens. Long values (URLs, ids) break anywhere rather than widen the page.
import { SimpleGrid, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The facts as a vertical table named `label`; a fact whose value is empty is not shown. */
export function FactsTable({ label, facts }: { label: string; facts: [string, string][] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label={label}>
      <Table.Tbody>
        {facts
          .filter(([, value]) => value !== '')
          .map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w="38%">{name}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

/** The facts as a description list (dt/dd), one column on a phone and two from `xs` up; every fact is shown. */
export function FactsList({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
