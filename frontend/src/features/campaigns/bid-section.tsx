// The Bid Campaign section (spec part 3 §2, §4, §5, §8): bids per state (All adds every state) and
// per zip, a new bid replacing the one of the same state or zip, and the clear buttons. Bids are
// dollars, as the wire and the shared schema have them.
import { Button, Group, Select, Stack, Table, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { addAllStates, addBid, CAMPAIGN_MESSAGES, type BidDto } from '#shared/campaign.ts';
import { US_STATES } from '#shared/lookups.ts';
import { centsToDollars, dollarsToCents, formatUsd } from '#shared/money.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { ZipInput } from '@/components/zip-input.tsx';
import { ScrollTable } from '@/components/scroll-table.tsx';
import { findZipStates } from './api/find-zip.ts';
import { ALL_STATES, clearStateBids, clearZipBids, isZipBid, removeBid, zipBidProblem } from './bid-rules.ts';
import { CAMPAIGN_SNACKBAR_MS } from './campaign-texts.ts';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.StateAbbreviation, label: s.StateName }));

interface BidSectionProps {
  value: BidDto[];
  onChange: (next: BidDto[]) => void;
}

const say = (message: string) => notifications.show({ message, color: 'green', autoClose: CAMPAIGN_SNACKBAR_MS });

export function BidSection({ value, onChange }: BidSectionProps) {
  const [state, setState] = useState<string | null>(null);
  const [stateBid, setStateBid] = useState<number | null>(null);
  const [zipState, setZipState] = useState<string | null>(null);
  const [zip, setZip] = useState('');
  const [zipBid, setZipBid] = useState<number | null>(null);
  const [zipError, setZipError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);

  const stateBids = value.filter((e) => !isZipBid(e)).sort((a, b) => a.State.localeCompare(b.State));
  const zipBids = value.filter(isZipBid);

  const addState = () => {
    if (!state || stateBid === null) return;
    const dollars = centsToDollars(stateBid);
    onChange(state === ALL_STATES ? addAllStates(value, dollars) : addBid(value, { State: state, Bid: dollars, Zip: null }));
    setState(null);
  };

  const addZip = async () => {
    if (!zipState || zip.length !== 5 || zipBid === null) return;
    setChecking(true);
    try {
      const problem = zipBidProblem(zipState, await findZipStates(zip).catch(() => []));
      setZipError(problem);
      if (problem) return;
      onChange(addBid(value, { State: zipState, Zip: zip, Bid: centsToDollars(zipBid) }));
      setZip('');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select label="Bid State" data={[{ value: ALL_STATES, label: 'All' }, ...STATE_OPTIONS]} value={state} onChange={setState} searchable style={{ flex: '1 1 10rem' }} />
        <MoneyInput label="State Bid" value={stateBid} onChange={setStateBid} maxLength={6} style={{ flex: '1 1 7rem' }} />
        <Button onClick={addState} disabled={!state || stateBid === null}>
          Add State Bid
        </Button>
      </Group>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <Select label="Zip State" data={STATE_OPTIONS} value={zipState} onChange={(s) => (setZipState(s), setZipError(undefined))} searchable style={{ flex: '1 1 10rem' }} />
        <ZipInput label="Bid Zip Code" value={zip} onChange={(z) => (setZip(z), setZipError(undefined))} error={zipError} style={{ flex: '1 1 7rem' }} />
        <MoneyInput label="Zip Bid" value={zipBid} onChange={setZipBid} maxLength={6} style={{ flex: '1 1 7rem' }} />
        <Button mt={25} onClick={() => void addZip()} loading={checking} disabled={!zipState || zip.length !== 5 || zipBid === null}>
          Add Zip Bid
        </Button>
      </Group>
      <BidTable title="State bids" rows={stateBids} onRemove={(e) => onChange(removeBid(value, e))} />
      <BidTable title="Zip bids" rows={zipBids} onRemove={(e) => onChange(removeBid(value, e))} />
      <Group gap="xs">
        <Button variant="default" disabled={stateBids.length === 0} onClick={() => (onChange(clearStateBids(value)), say(CAMPAIGN_MESSAGES.allStatesCleared))}>
          Clear States
        </Button>
        <Button variant="default" disabled={zipBids.length === 0} onClick={() => (onChange(clearZipBids(value)), say(CAMPAIGN_MESSAGES.allZipsCleared))}>
          Clear Zip Codes
        </Button>
      </Group>
    </Stack>
  );
}

function BidTable({ title, rows, onRemove }: { title: string; rows: BidDto[]; onRemove: (e: BidDto) => void }) {
  if (rows.length === 0) return null;
  return (
    <ScrollTable minWidth={0} mah={240}>
      <Table aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>State</Table.Th>
            <Table.Th>Zip</Table.Th>
            <Table.Th>Bid</Table.Th>
            <Table.Th>
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.State}-${row.Zip ?? ''}`}>
              <Table.Td>{row.State}</Table.Td>
              <Table.Td>{row.Zip ?? ''}</Table.Td>
              <Table.Td>{formatUsd(dollarsToCents(row.Bid))}</Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="subtle" aria-label={`Remove bid ${row.Zip ?? row.State}`} onClick={() => onRemove(row)}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
