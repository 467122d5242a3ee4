// The rule dialog (spec part 3 §2, §4, §5, §9): Rule Name, Description, Active, the Call Center and
// POST targets, zip and SCF entry checked by the server, the city or county search, states, lines of
// business and campaigns. It is checked by the same zod schema the server parses the body with
// (shared/rules.ts), so both show the same words; Save stays disabled while anything is wrong. Of the
// default rule only the two targets can be edited.
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, NumberInput, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState, type FormEvent } from 'react';
import { RULE_SIMULATION_TEXTS, type RuleSimulationDto } from '#shared/api/rule-simulation.ts';
import type { RuleDto } from '#shared/api/rules.ts';
import { US_STATES } from '#shared/lookups.ts';
import { RULE_LINES_OF_BUSINESS, RULE_MESSAGES, ruleCreateSchema } from '#shared/rules.ts';
import { ApiError } from '@/api/client.ts';
import { PlaceSearch } from '@/components/place-search.tsx';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import { ZipScfEntry } from '@/components/zip-scf-entry.tsx';
import { useRuleCampaigns } from './api/list-rule-campaigns.ts';
import { useSaveRule } from './api/save-rule.ts';
import { useSimulateRules } from './api/simulate-rules.ts';
import { RuleSimulation } from './rule-simulation.tsx';
import { addZips, newRuleValues, ruleValues, toWire, type RuleFormValues } from './rule-form-model.ts';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.StateAbbreviation, label: `${s.StateName} (${s.StateAbbreviation})` }));
const resolve = schemaResolver(ruleCreateSchema, { sync: true });

type Field = keyof RuleFormValues;

interface RuleDialogProps {
  /** The rule to edit; none for Add Rule. */
  rule?: RuleDto | undefined;
  onClose: () => void;
  /** After the server stored the rule. */
  onSaved: (saved: RuleDto) => void;
  /** Checks a zip or SCF entry; the server by default (component tests pass their own). */
  zipExists?: (entry: string) => Promise<boolean>;
}

export function RuleDialog({ rule, onClose, onSaved, zipExists }: RuleDialogProps) {
  const isDefault = rule?.DefaultRule === true;
  const title = rule ? (isDefault ? 'Edit Default Rule' : 'Edit Rule') : 'Add Rule';
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const campaigns = useRuleCampaigns();
  const save = useSaveRule();
  const simulate = useSimulateRules();
  const [simulation, setSimulation] = useState<{ for: string; result: RuleSimulationDto } | undefined>();
  const [simulationError, setSimulationError] = useState<string | undefined>();
  const form = useForm<RuleFormValues>({ mode: 'controlled', initialValues: rule ? ruleValues(rule) : newRuleValues() });
  const [visited, setVisited] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [zipServerError, setZipServerError] = useState<string | undefined>();
  const [placeNote, setPlaceNote] = useState('');

  const errors = resolve(toWire(form.values) as never) as Partial<Record<Field, string>>;
  const valid = Object.keys(errors).length === 0;
  const seen = (field: Field) => submitted || visited.has(field) || form.isTouched(field);
  // The total is shown under Call Center Target whichever of the two targets was changed.
  const shownError = (field: Field) =>
    field === 'CallCenterPercent' ? (seen('CallCenterPercent') || seen('PPPercent') ? errors.CallCenterPercent : undefined) : seen(field) ? errors[field] : undefined;
  const fieldProps = (field: Field) => ({
    ...form.getInputProps(field),
    error: shownError(field),
    onBlur: () => setVisited((v) => new Set(v).add(field)),
  });

  const campaignOptions = useMemo(() => {
    const known = campaigns.map((c) => ({ value: c.CampaignId, label: `${c.Name} (${c.Code})` }));
    // A rule may name a campaign the list no longer holds: keep it choosable so it is not dropped unseen.
    const missing = form.values.Campaigns.filter((id) => !campaigns.some((c) => c.CampaignId === id)).map((id) => ({ value: id, label: id }));
    return [...known, ...missing];
  }, [campaigns, form.values.Campaigns]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid) return;
    setServerErrors([]);
    setZipServerError(undefined);
    try {
      const saved = await save.mutateAsync({ ...toWire(form.values), ...(rule ? { RuleId: rule.RuleId, Revision: rule.Revision } : {}) });
      onSaved(saved);
    } catch (err) {
      const messages = err instanceof ApiError ? err.messages : [];
      if (messages.includes(RULE_MESSAGES.invalidZip)) setZipServerError(RULE_MESSAGES.invalidZip);
      const rest = messages.filter((m) => m !== RULE_MESSAGES.invalidZip);
      setServerErrors(rest.length > 0 || messages.length > 0 ? rest : ['The rule could not be saved. Please try again.']);
    }
  };

  // Issue 12: the change replayed over the last 30 days before it is saved; nothing is stored.
  const runSimulation = async () => {
    setSubmitted(true);
    if (!valid) return;
    setSimulationError(undefined);
    try {
      const wire = toWire(form.values);
      setSimulation({ for: JSON.stringify(wire), result: await simulate.mutateAsync({ ...(rule ? { RuleId: rule.RuleId } : {}), Rule: wire }) });
    } catch (err) {
      setSimulation(undefined);
      setSimulationError(err instanceof ApiError && err.messages.length > 0 ? err.messages.join(' ') : 'The simulation could not run. Please try again.');
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} size="xl" fullScreen={phone} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <Stack gap="md">
          {serverErrors.length > 0 && (
            <Alert color="red" title="Unable to save rule" role="alert">
              {serverErrors.map((m) => (
                <Text key={m} size="sm">
                  {m}
                </Text>
              ))}
            </Alert>
          )}
          {isDefault ? (
            <Stack gap={4}>
              <Text fw={600}>{rule.Name}</Text>
              <Text size="sm" c="dimmed">
                The default rule takes every lead no other rule matches. Only its targets can be changed.
              </Text>
            </Stack>
          ) : (
            <>
              <TextInput label="Rule Name" withAsterisk maxLength={100} {...fieldProps('Name')} />
              <Textarea label="Description" rows={2} maxLength={500} {...fieldProps('Description')} />
              <Switch label="Active" {...form.getInputProps('Active', { type: 'checkbox' })} />
            </>
          )}
          <Group align="flex-start" gap="md" grow wrap="wrap">
            <NumberInput
              label="Call Center Target (%)"
              withAsterisk
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...fieldProps('CallCenterPercent')}
              style={{ minWidth: '9rem' }}
            />
            <NumberInput
              label="Post Target (%)"
              withAsterisk
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...fieldProps('PPPercent')}
              style={{ minWidth: '9rem' }}
            />
          </Group>
          {!isDefault && (
            <>
              <Stack gap="xs">
                <Title order={3} size="h5">
                  Zip Codes
                </Title>
                <ZipScfEntry
                  value={form.values.ZipCodes}
                  onChange={(next) => (form.setFieldValue('ZipCodes', next), setZipServerError(undefined))}
                  error={zipServerError ?? shownError('ZipCodes')}
                  {...(zipExists ? { exists: zipExists } : {})}
                />
                <PlaceSearch
                  lookupFailure="fieldError"
                  onPick={(place) => {
                    form.setFieldValue('ZipCodes', addZips(form.values.ZipCodes, place.zips.map((z) => z.ZipCode)));
                    setPlaceNote(`Added ${place.zips.length} zip code${place.zips.length === 1 ? '' : 's'} of ${place.name}, ${place.state}.`);
                  }}
                />
                <Text size="sm" aria-live="polite">
                  {placeNote}
                </Text>
              </Stack>
              <MultiSelect label="States" placeholder="Any state" data={STATE_OPTIONS} searchable clearable {...fieldProps('States')} />
              <Checkbox.Group label="Lines of Business" {...fieldProps('LinesOfBusiness')}>
                <Group gap="md" mt={6} wrap="wrap">
                  {RULE_LINES_OF_BUSINESS.map((lob) => (
                    <Checkbox key={lob} value={lob} label={lob} />
                  ))}
                </Group>
              </Checkbox.Group>
              <MultiSelect label="Campaigns" placeholder="Any campaign" data={campaignOptions} searchable clearable {...fieldProps('Campaigns')} />
            </>
          )}
          {simulationError && (
            <Alert color="red" title="Unable to simulate" role="alert">
              {simulationError}
            </Alert>
          )}
          {/* A result stays only while the rule is as it was simulated. */}
          {simulation && simulation.for === JSON.stringify(toWire(form.values)) && <RuleSimulation result={simulation.result} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="light" onClick={() => void runSimulation()} disabled={!valid} loading={simulate.isPending}>
              {RULE_SIMULATION_TEXTS.action}
            </Button>
            <Button type="submit" disabled={!valid} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
