// The transfer dialog's receiving-agent field (spec part 1 §5): a search over GET accounts that asks
// only once 3 or more characters are typed; the server matches first names, last names and agent ids
// case-insensitively, and names within one typing slip (functions/core/directory/name-match.ts).
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { AGENT_SEARCH_MIN_CHARS } from '#shared/transfer.ts';
import { searchable, useAccountSearch, type Recipient } from './api/search-accounts.ts';

/** Typing pauses this long before the search is asked, so each keystroke does not cost a call. */
const SEARCH_DEBOUNCE_MS = 250;

export const recipientName = (r: Recipient) => `${r.FirstName} ${r.LastName}`;
const optionLabel = (r: Recipient) => `${recipientName(r)} (${r.AgentId})`;

interface ReceiverSelectProps {
  value: Recipient | null;
  onChange: (recipient: Recipient | null) => void;
  error?: React.ReactNode;
}

export function ReceiverSelect({ value, onChange, error }: ReceiverSelectProps) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // Once an agent is chosen the field shows its label; that text is not a new search.
  const searching = value === null || search !== optionLabel(value);
  const results = useAccountSearch(searching ? term : '');
  const found = searching && searchable(term) ? (results.data ?? []) : [];
  // The chosen agent stays among the options, or the field could not show it.
  const options = value && !found.some((r) => r.AgentId === value.AgentId) ? [value, ...found] : found;
  const byId = new Map(options.map((r) => [r.AgentId, r]));

  const nothingFound = !searchable(search)
    ? `Type at least ${AGENT_SEARCH_MIN_CHARS} characters`
    : results.isFetching
      ? 'Searching…'
      : 'No agent found';

  return (
    <Select
      label="Receiving Agent"
      placeholder="Name or agent ID"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((r) => ({ value: r.AgentId, label: optionLabel(r) }))}
      // The server already filtered; filtering again here would hide its fuzzier matches.
      filter={({ options: all }) => all}
      value={value?.AgentId ?? null}
      onChange={(agentId) => onChange(agentId ? (byId.get(agentId) ?? null) : null)}
      nothingFoundMessage={nothingFound}
      error={error}
    />
  );
}
