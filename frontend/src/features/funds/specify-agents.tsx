// The fund form's Specify Agents section: search agents by id, first or last name (at least one, 5 a
// page, the existing GET agent search), add them to the fund (each once) and remove them; read-only, it
// only lists them.
import { Button, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AGENT_SEARCH_PAGE_SIZE, FUND_MESSAGES } from '#shared/fund-form.ts';
import type { AgentSearch } from './api/fund-keys.ts';
import { useAgentSearch } from './api/search-agents.ts';

export interface ListedAgent {
  AgentId: string;
  FirstName: string;
  LastName: string;
}

interface SpecifyAgentsProps {
  agents: ListedAgent[];
  onAdd: (agent: ListedAgent) => void;
  onRemove: (agentId: string) => void;
  error?: string;
  /** Only the listed agents, with no search and no Remove (a user who may not edit funds). */
  readOnly?: boolean;
}

export function SpecifyAgents({ agents, onAdd, onRemove, error, readOnly = false }: SpecifyAgentsProps) {
  const [terms, setTerms] = useState({ agentId: '', firstName: '', lastName: '' });
  const [search, setSearch] = useState<AgentSearch | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const results = useAgentSearch(search);
  const found = results.data?.Results ?? [];
  const totalPages = results.data?.Metadata.TotalPages ?? 0;
  const totalCount = results.data?.Metadata.TotalCount ?? 0;
  const listed = new Set(agents.map((a) => a.AgentId));

  const submit = () => {
    if (!terms.agentId.trim() && !terms.firstName.trim() && !terms.lastName.trim()) {
      setProblem(FUND_MESSAGES.agentSearchNeedsTerm);
      return;
    }
    setProblem(null);
    setSearch({ ...terms, page: 1 });
  };

  return (
    <Stack gap="sm">
      {!readOnly && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="Agent ID" value={terms.agentId} onChange={(e) => setTerms({ ...terms, agentId: e.currentTarget.value })} w={140} />
          <TextInput label="First Name" value={terms.firstName} onChange={(e) => setTerms({ ...terms, firstName: e.currentTarget.value })} w={160} />
          <TextInput label="Last Name" value={terms.lastName} onChange={(e) => setTerms({ ...terms, lastName: e.currentTarget.value })} w={160} />
          <Button variant="default" onClick={submit} loading={results.isFetching}>
            Search
          </Button>
        </Group>
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
      {search && results.data && (
        <Stack gap="xs">
          <Text size="sm" aria-live="polite">
            {found.length === 0 ? 'No records found.' : `${totalCount} Agent(s) matched.`}
          </Text>
          {found.length > 0 && (
            <Table aria-label="Agents found" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Agent ID</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {found.map((a) => (
                  <Table.Tr key={a.AgentId}>
                    <Table.Td>{a.AgentId}</Table.Td>
                    <Table.Td>
                      {a.FirstName} {a.LastName}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={listed.has(a.AgentId)}
                        onClick={() => onAdd({ AgentId: a.AgentId, FirstName: a.FirstName, LastName: a.LastName })}
                        aria-label={`${listed.has(a.AgentId) ? 'Added' : 'Add'} ${a.FirstName} ${a.LastName}`}
                      >
                        {listed.has(a.AgentId) ? 'Added' : 'Add'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {totalPages > 1 && (
            <Pagination size="sm" total={totalPages} value={search.page} onChange={(page) => setSearch({ ...search, page })} aria-label="Agent search pages" />
          )}
        </Stack>
      )}
      <Text fw={600} size="sm">
        Agents in this fund ({agents.length})
      </Text>
      {agents.length > 0 && (
        <Table aria-label="Agents in this fund" withTableBorder>
          <Table.Tbody>
            {agents.map((a) => (
              <Table.Tr key={a.AgentId}>
                <Table.Td>{a.AgentId}</Table.Td>
                <Table.Td>
                  {a.FirstName} {a.LastName}
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" c="red.9" onClick={() => onRemove(a.AgentId)} aria-label={`Remove ${a.AgentId}`}>
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {!readOnly && (
        <Text size="xs" c="dimmed">
          Searches show {AGENT_SEARCH_PAGE_SIZE} agents a page.
        </Text>
      )}
    </Stack>
  );
}
