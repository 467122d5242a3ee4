// Select Regions (spec part 2 §4, §5, §8), shared by both flows: states-only or zip mode; Select All
// and Clear all; the picker's tabs City & County (searched from 3 characters), Zip Code (3 digits is an
// SCF added as "Area {scf}", 5 digits one zip, each checked with the server) and Radius (a 5-digit zip
// and 5 to 50 miles); every addition and clearing is said in the snackbar with REGION_MESSAGES.
import { Button, Checkbox, CloseButton, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import type { ZipRow } from '#shared/api/address.ts';
import { US_STATES } from '#shared/lookups.ts';
import { ORDER_LIMITS, type ZipGroup } from '#shared/orders/order.ts';
import { distinctZips, REGION_MESSAGES } from '#shared/orders/step-regions.ts';
import { RADIUS_CHOICES, RADIUS_MILES } from '#shared/zip.ts';
import { callApi } from '@/api/client.ts';
import { PlaceSearch, type PickedPlace } from '@/components/place-search.tsx';
import { useZipEntry } from '@/components/use-zip-entry.ts';
import { ZipInput } from '@/components/zip-input.tsx';
import { snackbar, SNACKBAR_MS } from './snackbar.ts';
import type { StepProps } from './step-props.ts';

/** The group typed zips go to (2§3 ZipCodes group "Zip Codes"). */
export const MANUAL_GROUP = 'Zip Codes';
export const scfGroupKey = (scf: string) => `Area ${scf}`;
export const radiusGroupKey = (zip: string, miles: number) => `${miles} miles of ${zip}`;

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.StateAbbreviation, label: s.StateName }));
const info = (message: string) => snackbar(message, { kind: 'info', autoClose: SNACKBAR_MS.picker });
const problem = (message: string) => snackbar(message, { autoClose: SNACKBAR_MS.picker });

export type AddResult = { groups: ZipGroup[]; added: number } | { error: string };

/**
 * Adds `zips` to the group `key` (made when missing), leaving out zips the order already lists. Nothing
 * new is "Duplicate zip code."; more than the order may hold is refused.
 */
export function addZips(groups: readonly ZipGroup[], key: string, zips: readonly string[]): AddResult {
  const present = new Set(distinctZips([...groups]));
  const fresh = [...new Set(zips)].filter((z) => !present.has(z));
  if (fresh.length === 0) return { error: REGION_MESSAGES.duplicateZip };
  if (present.size + fresh.length > ORDER_LIMITS.zipCodesMax) return { error: REGION_MESSAGES.tooManyZips };
  const rows = fresh.map((ZipCode) => ({ ZipCode }));
  const existing = groups.find((g) => g.Key === key);
  const next = existing ? groups.map((g) => (g.Key === key ? { ...g, ZipCodes: [...g.ZipCodes, ...rows] } : g)) : [...groups, { Key: key, ZipCodes: rows }];
  return { groups: next, added: fresh.length };
}

/** The zips of `rows` in `state` (all of them when no state is chosen). */
const inState = (rows: readonly ZipRow[], state: string | null) => (state ? rows.filter((r) => r.StateAbbreviation === state) : rows);

export function RegionsStep({ form, flow }: StepProps) {
  const { StatesOnly, States, ZipCodes } = form.values;
  const zipCount = distinctZips(ZipCodes).length;
  const error = form.errors.States ?? form.errors.ZipCodes;

  const setGroups = (groups: ZipGroup[]) => {
    form.setFieldValue('ZipCodes', groups);
    form.clearFieldError('ZipCodes');
  };
  const apply = (result: AddResult, said: (added: number) => string): boolean => {
    if ('error' in result) {
      problem(result.error);
      return false;
    }
    setGroups(result.groups);
    info(said(result.added));
    return true;
  };

  const setStates = (codes: string[]) => {
    const added = codes.filter((c) => !States.some((s) => s.StateAbbreviation === c));
    form.setFieldValue(
      'States',
      US_STATES.filter((s) => codes.includes(s.StateAbbreviation)),
    );
    form.clearFieldError('States');
    if (added.length === 1) info(REGION_MESSAGES.stateAdded(US_STATES.find((s) => s.StateAbbreviation === added[0])!.StateName));
  };

  const clearAll = () => {
    if (StatesOnly) {
      form.setFieldValue('States', []);
      info(REGION_MESSAGES.statesCleared);
    } else {
      form.setFieldValue('ZipCodes', []);
      info(REGION_MESSAGES.zipsCleared);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Switch
          label="States only"
          description={StatesOnly ? 'Leads from anywhere in the chosen states.' : 'Leads from the chosen zip codes.'}
          checked={StatesOnly}
          onChange={(e) => {
            form.setFieldValue('StatesOnly', e.currentTarget.checked);
            form.clearFieldError('States');
            form.clearFieldError('ZipCodes');
          }}
        />
        <Group gap="xs">
          {StatesOnly && (
            <Button variant="default" onClick={() => setStates(US_STATES.map((s) => s.StateAbbreviation))}>
              Select All
            </Button>
          )}
          <Button variant="default" onClick={clearAll}>
            Clear all
          </Button>
        </Group>
      </Group>

      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}

      {StatesOnly ? (
        <Checkbox.Group label={`States (${States.length} selected)`} value={States.map((s) => s.StateAbbreviation)} onChange={setStates}>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={6} mt="xs">
            {US_STATES.map((s) => (
              <Checkbox key={s.StateAbbreviation} value={s.StateAbbreviation} label={s.StateName} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      ) : (
        <>
          <Tabs defaultValue="place" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="place">City &amp; County</Tabs.Tab>
              <Tabs.Tab value="zip">Zip Code</Tabs.Tab>
              <Tabs.Tab value="radius">Radius</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="place" pt="sm">
              <PlaceSearch
                lookupFailure="logOnly"
                onPick={(place: PickedPlace) => {
                  const label = `${place.name}${place.kind === 'county' ? ' County' : ''}, ${place.state}`;
                  apply(addZips(ZipCodes, label, place.zips.map((z) => z.ZipCode)), () => REGION_MESSAGES.stateAdded(label));
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="zip" pt="sm">
              <ZipTab groups={ZipCodes} apply={apply} />
            </Tabs.Panel>
            <Tabs.Panel value="radius" pt="sm">
              <RadiusTab groups={ZipCodes} apply={apply} />
            </Tabs.Panel>
          </Tabs>
          <SelectedZips groups={ZipCodes} count={zipCount} onChange={setGroups} />
        </>
      )}
      {flow === 'campaign' && !StatesOnly && zipCount === 0 && (
        <Text size="sm" c="dimmed">
          Add zip codes by city or county, by zip code or SCF, or by radius.
        </Text>
      )}
    </Stack>
  );
}

interface TabProps {
  groups: readonly ZipGroup[];
  apply: (result: AddResult, said: (added: number) => string) => boolean;
}

function ZipTab({ groups, apply }: TabProps) {
  const [state, setState] = useState<string | null>(null);
  const entry = useZipEntry({ lookupFailed: REGION_MESSAGES.invalidZip, onRefused: problem });

  const add = () =>
    entry.add(async (typed, kind) => {
      if (kind === 'zip' && distinctZips([...groups]).includes(typed)) return { refused: REGION_MESSAGES.duplicateZip };
      if (kind === 'scf' && groups.some((g) => g.Key === scfGroupKey(typed))) return { refused: REGION_MESSAGES.duplicateZip };
      if (kind === 'zip') {
        if (!(await callApi('address.isValidZip', { params: { zip: typed } }))) return { refused: REGION_MESSAGES.invalidZip };
        if (state && inState(await callApi('address.zipCodes', { params: { zip: typed } }), state).length === 0) return { refused: REGION_MESSAGES.zipNotInState };
        return apply(addZips(groups, MANUAL_GROUP, [typed]), () => REGION_MESSAGES.zipAdded(typed)) ? 'added' : 'ignored';
      }
      const rows = await callApi('address.zipCodes', { params: { zip: typed } });
      if (rows.length === 0) return { refused: REGION_MESSAGES.invalidZip };
      const kept = inState(rows, state);
      if (kept.length === 0) return { refused: REGION_MESSAGES.zipNotInState };
      return apply(addZips(groups, scfGroupKey(typed), kept.map((r) => r.ZipCode)), (n) => REGION_MESSAGES.scfAdded(typed, n)) ? 'added' : 'ignored';
    });

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="xs" wrap="wrap">
        <Select
          label="Within state (optional)"
          placeholder="Any state"
          data={STATE_OPTIONS}
          value={state}
          onChange={(s) => (setState(s), entry.clearError())}
          searchable
          clearable
          style={{ flex: '1 1 10rem' }}
        />
        <ZipInput
          label="Zip Code or SCF"
          placeholder="5-digit zip or 3-digit SCF"
          autoComplete="off"
          value={entry.text}
          onChange={entry.onText}
          onKeyDown={entry.onEnter(() => void add())}
          error={entry.error}
          style={{ flex: '1 1 10rem' }}
        />
        <Button mt={25} variant="default" onClick={() => void add()} loading={entry.checking} disabled={!entry.kind}>
          Add Zip
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Five digits add one zip code; three digits add every zip code of that SCF area.
      </Text>
    </Stack>
  );
}

function RadiusTab({ groups, apply }: TabProps) {
  const [zip, setZip] = useState('');
  const [miles, setMiles] = useState<string>(String(RADIUS_MILES.default));
  const [adding, setAdding] = useState(false);

  const add = async () => {
    if (!/^\d{5}$/.test(zip)) return problem(REGION_MESSAGES.radiusNeedsZip);
    const radius = Number(miles);
    setAdding(true);
    try {
      if (!(await callApi('address.isValidZip', { params: { zip } }))) return problem(REGION_MESSAGES.invalidZip);
      const rows = await callApi('address.radius', { params: { zip, miles: radius } });
      if (rows.length === 0) return problem(REGION_MESSAGES.invalidZip);
      if (apply(addZips(groups, radiusGroupKey(zip, radius), rows.map((r) => r.ZipCode)), (n) => REGION_MESSAGES.radiusAdded(zip, radius, n))) setZip('');
    } catch {
      problem(REGION_MESSAGES.invalidZip);
    } finally {
      setAdding(false);
    }
  };

  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <ZipInput label="Center Zip Code" autoComplete="off" value={zip} onChange={setZip} style={{ flex: '1 1 9rem' }} />
      <Select
        label="Radius (miles)"
        data={RADIUS_CHOICES.map((m) => ({ value: String(m), label: `${m} miles` }))}
        value={miles}
        onChange={(m) => setMiles(m ?? String(RADIUS_MILES.default))}
        allowDeselect={false}
        style={{ flex: '1 1 8rem' }}
      />
      <Button variant="default" onClick={() => void add()} loading={adding}>
        Add Radius
      </Button>
    </Group>
  );
}

function SelectedZips({ groups, count, onChange }: { groups: readonly ZipGroup[]; count: number; onChange: (groups: ZipGroup[]) => void }) {
  if (groups.length === 0) return null;
  return (
    <Paper withBorder p="xs">
      <Text size="sm" fw={600} mb={6}>
        {count} zip code{count === 1 ? '' : 's'} selected
      </Text>
      <ScrollArea.Autosize mah={260} type="auto">
        <Stack gap={6} role="list" aria-label="Selected zip codes">
          {groups.map((g) => (
            <Stack key={g.Key} gap={2} role="listitem">
              <Group gap={4} wrap="nowrap" justify="space-between">
                <Text size="sm">
                  {g.Key} ({g.ZipCodes.length})
                </Text>
                <CloseButton size="sm" aria-label={`Remove ${g.Key}`} onClick={() => onChange(groups.filter((x) => x.Key !== g.Key))} />
              </Group>
              {g.Key === MANUAL_GROUP && (
                <Group gap={6}>
                  {g.ZipCodes.map((z) => (
                    <Group key={z.ZipCode} gap={2} wrap="nowrap" px={6} bg="gray.1" style={{ borderRadius: 4 }}>
                      <Text size="sm" ff="monospace">
                        {z.ZipCode}
                      </Text>
                      <CloseButton
                        size="xs"
                        aria-label={`Remove ${z.ZipCode}`}
                        onClick={() =>
                          onChange(
                            groups
                              .map((x) => (x.Key === MANUAL_GROUP ? { ...x, ZipCodes: x.ZipCodes.filter((y) => y.ZipCode !== z.ZipCode) } : x))
                              .filter((x) => x.ZipCodes.length > 0),
                          )
                        }
                      />
                    </Group>
                  ))}
                </Group>
              )}
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
