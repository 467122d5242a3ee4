// New Fund and Edit Fund (spec part 3 §2, §4, §5 Fund form): details, price and visibility, the
// Specify Agents search, Cancel and Save Fund. The form is validated by the same zod schema the server
// parses the body with (shared/fund-form.ts); the server's own refusals (duplicate code, a stale
// edit) show on the form. Leaving with unsaved changes asks first. Without CAN_EDIT_FUNDS (managers,
// support) the fund only shows: every field disabled and no Save Fund, as the server refuses the save.
import '@mantine/dates/styles.css';
import { Alert, Button, Card, Group, Radio, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { FundDetailDto } from '#shared/api/funds.ts';
import { FUND_LINES_OF_BUSINESS, FUND_MESSAGES, fundFormSchema, togglesOfChannel, type FundCreateInput } from '#shared/fund-form.ts';
import { companyDay } from '#shared/time-zones.ts';
import { FUND_CATEGORIES } from '#shared/funds.ts';
import { ApiError } from '@/api/client.ts';
import { useMe } from '@/api/get-me.ts';
import { LeavePrompt } from '@/components/leave-prompt.tsx';
import { MoneyInput } from '@/components/money-input.tsx';
import { useSaveFund } from './api/save-fund.ts';
import { addAgents, parsePickerDay } from './fund-display.ts';
import { SpecifyAgents, type ListedAgent } from './specify-agents.tsx';

const PICKER_FORMAT = 'M/D/YYYY';

type FormValues = Omit<FundCreateInput, 'LineOfBusiness' | 'Category' | 'CaptivePrice' | 'BrokerPrice' | 'StartDate' | 'EndDate'> & {
  LineOfBusiness: string | null;
  Category: number | null;
  CaptivePrice: number | null;
  BrokerPrice: number | null;
  StartDate: string | null;
  EndDate: string | null;
  AgentIds: string[];
};

function initialValues(fund: FundDetailDto | undefined): FormValues {
  if (!fund)
    return {
      Name: '',
      Description: '',
      Code: '',
      LineOfBusiness: null,
      Category: null,
      CaptivePrice: null,
      BrokerPrice: null,
      IsActive: true,
      IsLiveTransfer: false,
      StartDate: null,
      EndDate: null,
      Captive: false,
      Broker: false,
      FirstFamily: false,
      SpecifyAgents: false,
      AgentIds: [],
    };
  return {
    Name: fund.Name,
    Description: fund.Description,
    Code: fund.Code,
    LineOfBusiness: String(fund.LineOfBusiness),
    Category: fund.Category,
    CaptivePrice: fund.CaptivePrice,
    BrokerPrice: fund.BrokerPrice,
    IsActive: fund.IsActive,
    IsLiveTransfer: fund.IsLiveTransfer,
    StartDate: fund.StartDate.slice(0, 10),
    EndDate: fund.EndDate.slice(0, 10),
    ...togglesOfChannel(fund.Channel),
    AgentIds: fund.AgentIds,
  };
}

const dollarsToCentsField = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

/** Said above a fund shown to a user who may not change it. */
export const FUND_READ_ONLY = 'Read-only: only fund editors can change this fund.';

export function FundFormPage({ fund }: { fund?: FundDetailDto }) {
  const edit = fund !== undefined;
  const readOnly = !useMe().Permissions.includes('CAN_EDIT_FUNDS');
  const navigate = useNavigate();
  const save = useSaveFund();
  const [saved, setSaved] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [agents, setAgents] = useState<ListedAgent[]>(fund?.SpecifiedAgents ?? []);
  const schema = useMemo(
    () => fundFormSchema({ today: companyDay(), edit, ...(fund ? { storedStartDay: fund.StartDate.slice(0, 10) } : {}) }),
    [edit, fund],
  );
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(fund),
    // The update schema also needs the id and revision, which are not form fields.
    validate: (values) => schemaResolver(schema, { sync: true })({ ...values, ...(fund ? { FundId: fund.FundId, Revision: fund.Revision } : {}) } as never),
  });

  const setAgentList = (next: ListedAgent[]) => {
    setAgents(next);
    form.setFieldValue(
      'AgentIds',
      next.map((a) => a.AgentId),
    );
  };

  const submit = form.onSubmit(async (values) => {
    setServerErrors([]);
    try {
      await save.mutateAsync({ ...(values as unknown as FundCreateInput), ...(fund ? { FundId: fund.FundId, Revision: fund.Revision } : {}) });
      setSaved(true);
      await navigate({ to: '/funds', ignoreBlocker: true });
    } catch (err) {
      const messages = err instanceof ApiError ? err.messages : ['Unable to save fund.'];
      if (messages.includes(FUND_MESSAGES.duplicateCode)) form.setFieldError('Code', FUND_MESSAGES.duplicateCode);
      setServerErrors(messages.filter((m) => m !== FUND_MESSAGES.duplicateCode));
    }
  });

  const specify = form.values.SpecifyAgents;
  const categoryChoice = form.values.Category === null ? null : form.values.Category === FUND_CATEGORIES.OwnCompany ? 'own' : 'third';
  const moneyProps = (field: 'CaptivePrice' | 'BrokerPrice') => {
    const props = form.getInputProps(field);
    return { ...props, value: dollarsToCentsField(form.values[field]), onChange: (cents: number | null) => form.setFieldValue(field, cents === null ? null : cents / 100) };
  };

  return (
    <form onSubmit={submit} noValidate aria-label={edit ? 'Edit Fund' : 'New Fund'}>
      <Stack gap="md" maw={900}>
        <Title order={1} size="h2">
          {edit ? 'Edit Fund' : 'New Fund'}
        </Title>
        {readOnly && (
          <Text size="sm" c="dimmed">
            {FUND_READ_ONLY}
          </Text>
        )}
        {serverErrors.length > 0 && (
          <Alert color="red" title="Unable to save fund" role="alert">
            {serverErrors.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        {/* A user who may not edit funds reads the fund: the browser disables every field inside. */}
        <fieldset disabled={readOnly} aria-label="Fund" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Card withBorder>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Fund Details
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label="Name" withAsterisk {...form.getInputProps('Name')} />
                  <TextInput label="Code" withAsterisk {...form.getInputProps('Code')} />
                  <Select
                    label="Line of Business"
                    withAsterisk
                    data={FUND_LINES_OF_BUSINESS.map((l) => ({ value: String(l.value), label: l.label }))}
                    {...form.getInputProps('LineOfBusiness')}
                  />
                  <Stack gap={4}>
                    <Select
                      label="Category"
                      withAsterisk
                      data={[
                        { value: 'own', label: 'LeadConnect' },
                        { value: 'third', label: 'Third Party' },
                      ]}
                      value={categoryChoice}
                      error={form.errors.Category}
                      onChange={(choice) =>
                        form.setFieldValue(
                          'Category',
                          choice === 'own' ? FUND_CATEGORIES.OwnCompany : choice === 'third' ? FUND_CATEGORIES.ThirdPartyShared : null,
                        )
                      }
                    />
                    {categoryChoice === 'third' && (
                      <Radio.Group
                        label="Third-party leads are"
                        value={String(form.values.Category)}
                        onChange={(v) => form.setFieldValue('Category', Number(v))}
                      >
                        <Group gap="md" mt={4}>
                          <Radio value={String(FUND_CATEGORIES.ThirdPartyShared)} label="Shared" />
                          <Radio value={String(FUND_CATEGORIES.ThirdPartyExclusive)} label="Exclusive" />
                        </Group>
                      </Radio.Group>
                    )}
                  </Stack>
                </SimpleGrid>
                <Textarea label="Description" autosize minRows={2} {...form.getInputProps('Description')} />
              </Stack>
            </Card>
            <Card withBorder>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Price and Visibility
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <MoneyInput label="Captive Price" withAsterisk {...moneyProps('CaptivePrice')} />
                  <MoneyInput label="Broker Price" withAsterisk {...moneyProps('BrokerPrice')} />
                  <DateInput
                    label="Start Date"
                    withAsterisk
                    valueFormat={PICKER_FORMAT}
                    dateParser={parsePickerDay}
                    placeholder={PICKER_FORMAT}
                    {...form.getInputProps('StartDate')}
                  />
                  <DateInput
                    label="End Date"
                    withAsterisk
                    valueFormat={PICKER_FORMAT}
                    dateParser={parsePickerDay}
                    placeholder={PICKER_FORMAT}
                    {...form.getInputProps('EndDate')}
                  />
                </SimpleGrid>
                <Group gap="lg" wrap="wrap">
                  <Switch label="Active" {...form.getInputProps('IsActive', { type: 'checkbox' })} />
                  <Switch label="Live Transfer" {...form.getInputProps('IsLiveTransfer', { type: 'checkbox' })} />
                </Group>
                <Text size="sm" fw={600}>
                  Who may buy from this fund
                </Text>
                <Group gap="lg" wrap="wrap" role="group" aria-label="Channel">
                  <Switch label="Captive" disabled={specify} {...form.getInputProps('Captive', { type: 'checkbox' })} />
                  <Switch label="Broker" disabled={specify} {...form.getInputProps('Broker', { type: 'checkbox' })} />
                  <Switch label="FirstFamily" disabled={specify} {...form.getInputProps('FirstFamily', { type: 'checkbox' })} />
                  <Switch
                    label="Specify Agents"
                    checked={specify}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      // Choosing Specify Agents clears and disables the other three (spec part 3 §4).
                      form.setValues({ SpecifyAgents: on, ...(on ? { Captive: false, Broker: false, FirstFamily: false } : {}) });
                    }}
                  />
                </Group>
                {form.errors.Channel && (
                  <Text size="sm" c="red.8" role="alert">
                    {form.errors.Channel}
                  </Text>
                )}
              </Stack>
            </Card>
            {specify && (
              <Card withBorder>
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    Specify Agents
                  </Title>
                  <SpecifyAgents
                    agents={agents}
                    onAdd={(agent) => setAgentList(addAgents(agents, [agent]))}
                    onRemove={(agentId) => setAgentList(agents.filter((a) => a.AgentId !== agentId))}
                    error={typeof form.errors.AgentIds === 'string' ? form.errors.AgentIds : undefined}
                    readOnly={readOnly}
                  />
                </Stack>
              </Card>
            )}
          </Stack>
        </fieldset>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate({ to: '/funds' })}>
            Cancel
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              Save Fund
            </Button>
          )}
        </Group>
      </Stack>
      <LeavePrompt when={form.isDirty() && !saved} />
    </form>
  );
}
