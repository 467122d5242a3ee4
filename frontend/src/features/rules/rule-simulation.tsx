// The simulation's answer in the rule dialog (issue 12 Insights): per rule, the call-center and
// post-target counts of the last 30 days as the rules are and as they would be with the change, side
// by side, with the totals, how many leads were replayed and how the replay works.
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollTable } from '@/components/scroll-table.tsx';
import { RULE_SIMULATION_TEXTS, type RuleSimulationDto } from '#shared/api/rule-simulation.ts';
import { COMPANY_TIME_ZONE, zonedFormat } from '#shared/time-zones.ts';

const day = (iso: string) => zonedFormat(COMPANY_TIME_ZONE, 'reportDay').format(new Date(iso));

/** "6 → 10": now, then with the change. */
const pair = (now: number, proposed: number) => `${now} → ${proposed}`;

export function RuleSimulation({ result }: { result: RuleSimulationDto }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="rule-simulation-title">
      <Title order={3} size="h5" id="rule-simulation-title">
        {RULE_SIMULATION_TEXTS.title}
      </Title>
      {result.LeadsReplayed === 0 ? (
        <Text size="sm">{RULE_SIMULATION_TEXTS.noLeads}</Text>
      ) : (
        <>
          <Text size="sm">
            {result.LeadsReplayed} lead{result.LeadsReplayed === 1 ? '' : 's'} replayed, {day(result.From)} to {day(result.To)}. Each cell shows now → with this change.
          </Text>
          {result.Sampled && (
            <Alert color="yellow" role="note" p="xs">
              {RULE_SIMULATION_TEXTS.sampled(result.LeadsReplayed)}
            </Alert>
          )}
          <ScrollTable minWidth={300}>
            <Table striped withTableBorder aria-label="Simulated routing by rule">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Rule</Table.Th>
                  <Table.Th scope="col">Call Center</Table.Th>
                  <Table.Th scope="col">Post Target</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.Rules.map((r) => (
                  <Table.Tr key={r.RuleId || 'new'}>
                    <Table.Th scope="row" fw={400}>
                      {r.Name}
                    </Table.Th>
                    <Table.Td>{pair(r.Current.CallCenter, r.Proposed.CallCenter)}</Table.Td>
                    <Table.Td>{pair(r.Current.Post, r.Proposed.Post)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">Total</Table.Th>
                  <Table.Th>{pair(result.Totals.Current.CallCenter, result.Totals.Proposed.CallCenter)}</Table.Th>
                  <Table.Th>{pair(result.Totals.Current.Post, result.Totals.Proposed.Post)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </ScrollTable>
        </>
      )}
      <Text size="xs" c="dimmed">
        {RULE_SIMULATION_TEXTS.help}
      </Text>
    </Stack>
  );
}
