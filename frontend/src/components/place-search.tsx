// The city or county search (spec part 2 §7 and part 3 §2, §5, §7): a state, City or County, and a
// name that is searched once at least three characters are typed; Add hands the chosen place's zips
// to the form. Routing rules use it, and the order wizard's geography can.
import { Autocomplete, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ZipRow } from '#shared/api/address.ts';
import { US_STATES } from '#shared/lookups.ts';
import { PLACE_SEARCH_MIN_LENGTH } from '#shared/rules.ts';
import { callApi } from '@/api/client.ts';

export type PlaceKind = 'city' | 'county';

export interface PickedPlace {
  kind: PlaceKind;
  state: string;
  name: string;
  zips: ZipRow[];
}

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.StateAbbreviation, label: s.StateName }));
/** How many matching names the list offers at once; typing more narrows it. */
const MAX_OPTIONS = 50;

/** GET address/States/{state}: the state's city and county pairs, read once per state. */
export const statePlacesQueryOptions = (state: string) => ({
  queryKey: ['address', 'places', state] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi('address.citiesAndCounties', { params: { state }, signal }),
  staleTime: Infinity,
});

/** The distinct city or county names of a state that contain `text` (case-insensitive), names starting with it first. */
export function matchingPlaces(rows: readonly { CityName: string; CountyName: string }[], kind: PlaceKind, text: string): string[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < PLACE_SEARCH_MIN_LENGTH) return [];
  const names = new Set(rows.map((r) => (kind === 'city' ? r.CityName : r.CountyName)).filter(Boolean));
  const found = [...names].filter((n) => n.toLowerCase().includes(needle));
  const starts = (n: string) => (n.toLowerCase().startsWith(needle) ? 0 : 1);
  return found.sort((a, b) => starts(a) - starts(b) || a.localeCompare(b)).slice(0, MAX_OPTIONS);
}

/**
 * What a failed look-up of the chosen place's zips does: say so under the name field (routing rules), or
 * only log it (the order wizard: spec part 2 §8, fetch failures for address are not shown to the user).
 */
export type PlaceLookupFailure = 'fieldError' | 'logOnly';

interface PlaceSearchProps {
  onPick: (place: PickedPlace) => void;
  /** Each caller chooses, since the two screens' specs differ. */
  lookupFailure: PlaceLookupFailure;
  disabled?: boolean;
}

export function PlaceSearch({ onPick, lookupFailure, disabled = false }: PlaceSearchProps) {
  const [state, setState] = useState<string | null>(null);
  const [kind, setKind] = useState<PlaceKind>('city');
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const hintId = useId();
  const places = useQuery({ ...statePlacesQueryOptions(state ?? ''), enabled: state !== null });
  const options = matchingPlaces(places.data ?? [], kind, text);
  const chosen = options.find((n) => n.toLowerCase() === text.trim().toLowerCase());
  const kindLabel = kind === 'city' ? 'City' : 'County';

  const add = async () => {
    if (!state || !chosen) return;
    setAdding(true);
    setProblem(undefined);
    try {
      const params = { state, name: chosen };
      const zips = await (kind === 'city' ? callApi('address.cityZips', { params }) : callApi('address.countyZips', { params }));
      onPick({ kind, state, name: chosen, zips });
      setText('');
    } catch (error) {
      // The log names neither the place nor the user; the answer's own message says what failed.
      if (lookupFailure === 'logOnly') console.error('The zip codes of a city or county could not be loaded.', error instanceof Error ? error.message : String(error));
      else setProblem(`The zip codes of ${chosen} could not be loaded.`);
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label="State to search"
          placeholder="Choose a state"
          data={STATE_OPTIONS}
          value={state}
          onChange={(s) => (setState(s), setText(''), setProblem(undefined))}
          searchable
          disabled={disabled}
          style={{ flex: '1 1 10rem' }}
        />
        <SegmentedControl
          aria-label="Search by"
          data={[
            { value: 'city', label: 'City' },
            { value: 'county', label: 'County' },
          ]}
          value={kind}
          onChange={(k) => (setKind(k as PlaceKind), setText(''), setProblem(undefined))}
          disabled={disabled}
        />
      </Group>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <Autocomplete
          label={`${kindLabel} name`}
          placeholder={state ? `At least ${PLACE_SEARCH_MIN_LENGTH} characters` : 'Choose a state first'}
          data={options}
          value={text}
          onChange={(t) => (setText(t), setProblem(undefined))}
          disabled={disabled || state === null}
          error={problem}
          aria-describedby={hintId}
          style={{ flex: '1 1 12rem' }}
        />
        <Button mt={25} variant="default" onClick={() => void add()} loading={adding} disabled={disabled || !chosen}>
          Add {kindLabel}
        </Button>
      </Group>
      <Text id={hintId} size="xs" c="dimmed">
        {state && text.trim().length >= PLACE_SEARCH_MIN_LENGTH && options.length === 0 && !places.isFetching
          ? `No ${kind === 'city' ? 'city' : 'county'} of ${state} matches "${text.trim()}".`
          : `Type at least ${PLACE_SEARCH_MIN_LENGTH} characters of a ${kind} name, choose it, then add its zip codes.`}
      </Text>
    </Stack>
  );
}
