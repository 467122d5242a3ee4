// A chart with its text alternative (the agent and staff Home, the partner Home): a visible caption that sums it up in words, the drawing
// hidden from assistive technology (it holds no words of its own), and every figure it draws in a
// visually hidden table that screen readers read instead.
import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FigureTable {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}

export function ChartFigure({ caption, table, testId, children }: { caption: string; table: FigureTable; testId: string; children: ReactNode }) {
  return (
    <figure style={{ margin: 0, minWidth: 0 }} data-testid={testId}>
      <div aria-hidden="true" style={{ minWidth: 0 }}>
        {children}
      </div>
      <figcaption style={{ fontSize: 'var(--mantine-font-size-sm)', marginTop: 'var(--mantine-spacing-xs)' }}>{caption}</figcaption>
      <VisuallyHidden>
        {/* Laid out 1 px wide: read aloud in full, it never pushes the page sideways. */}
        <Table style={{ width: 1, tableLayout: 'fixed' }}>
          <caption>{table.caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {table.columns.map((c) => (
                <Table.Th key={c} scope="col">
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((r) => (
              <Table.Tr key={String(r[0])}>
                {r.map((cell, i) =>
                  i === 0 ? (
                    <Table.Th key={i} scope="row">
                      {cell}
                    </Table.Th>
                  ) : (
                    <Table.Td key={i}>{cell}</Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
