// Campaign details (spec part 3 §2, §3, §5): name, code, description, category, lead type, lines of
// business, owner, destination, dates, disputes, live transfer and the call checks.
import '@mantine/dates/styles.css';
import { Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { CAMPAIGN_CATEGORIES, CAMPAIGN_LIMITS, LINES_OF_BUSINESS } from '#shared/campaign.ts';
import { OWN_COMPANY_CATEGORY_LABEL } from '#shared/funds.ts';
import { DAY_FORMAT, endAfterStartChange, parseDay } from '../campaign-dates.ts';
import { DigitsInput } from '../digits-input.tsx';
import type { CampaignForm } from './form-types.ts';
import { Section } from './section.tsx';

const CATEGORY_LABELS: Record<(typeof CAMPAIGN_CATEGORIES)[number], string> = { 1: OWN_COMPANY_CATEGORY_LABEL, 2: 'ThirdPartyShared', 3: 'ThirdPartyExclusive' };
const CATEGORY_OPTIONS = CAMPAIGN_CATEGORIES.map((c) => ({ value: String(c), label: CATEGORY_LABELS[c] }));
const LOB_OPTIONS = LINES_OF_BUSINESS.map((l) => ({ value: String(l.Id), label: l.Name }));

/**
 * A Select over a numeric field. Category and Line of Business are required in fund preview only (part
 * 3 §5): there they can be emptied and then show their message; otherwise they keep the stored value or
 * the default (the server stores one of each), so they never stand in the way of a save.
 */
const numberSelect = (form: CampaignForm, path: 'Campaign.Category' | 'Campaign.Lob', required: boolean) => {
  const props = form.getInputProps(path);
  return {
    ...props,
    withAsterisk: required,
    allowDeselect: required,
    value: props.value ? String(props.value) : null,
    onChange: (v: string | null) => form.setFieldValue(path, v ? Number(v) : 0),
  };
};

/** Lists of names; a stored value missing from its list is still offered, so an edit shows it. */
const withCurrent = (options: string[], current: string) => (current && !options.includes(current) ? [current, ...options] : options);

interface DetailsProps {
  form: CampaignForm;
  editing: boolean;
  /** The signed-in user's fund preview. */
  fundPreview: boolean;
  today: string;
  leadTypes: string[];
  crmLob: string[];
  businessOwners: string[];
  destinations: string[];
}

export function DetailsSection({ form, editing, fundPreview, today, leadTypes, crmLob, businessOwners, destinations }: DetailsProps) {
  const c = form.values.Campaign;
  return (
    <Section title="Campaign details">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput label="Campaign Name" withAsterisk maxLength={CAMPAIGN_LIMITS.nameMax} {...form.getInputProps('Campaign.Name')} />
        <TextInput label="Code" withAsterisk maxLength={CAMPAIGN_LIMITS.codeMax} {...form.getInputProps('Campaign.Code')} />
        <Select label="Category" data={CATEGORY_OPTIONS} {...numberSelect(form, 'Campaign.Category', fundPreview)} />
        <Select label="Lead Type" withAsterisk searchable data={withCurrent(leadTypes, c.LeadType)} {...form.getInputProps('Campaign.LeadType')} />
        <Select label="Line of Business" data={LOB_OPTIONS} {...numberSelect(form, 'Campaign.Lob', fundPreview)} />
        <Select label="CRM Line of Business" withAsterisk searchable data={withCurrent(crmLob, c.CrmLob)} {...form.getInputProps('Campaign.CrmLob')} />
        <Select label="Business Owner" withAsterisk searchable data={withCurrent(businessOwners, c.BusinessOwner)} {...form.getInputProps('Campaign.BusinessOwner')} />
        <Select label="Destination" withAsterisk searchable data={withCurrent(destinations, c.Destination)} {...form.getInputProps('Campaign.Destination')} />
        <DateInput
          label="Start Date"
          withAsterisk
          // Emptying a date shows its required message rather than keeping the old day.
          clearable
          clearButtonProps={{ 'aria-label': 'Clear Start Date' }}
          valueFormat={DAY_FORMAT}
          dateParser={parseDay}
          placeholder={DAY_FORMAT}
          // A new campaign cannot start in the past (part 3 §5).
          minDate={editing ? undefined : today}
          {...form.getInputProps('Campaign.StartDate')}
          value={c.StartDate || null}
          onChange={(start) => {
            form.setFieldValue('Campaign.StartDate', start ?? '');
            if (start) form.setFieldValue('Campaign.EndDate', endAfterStartChange(start, form.getValues().Campaign.EndDate));
          }}
        />
        <DateInput
          label="End Date"
          withAsterisk
          clearable
          clearButtonProps={{ 'aria-label': 'Clear End Date' }}
          valueFormat={DAY_FORMAT}
          dateParser={parseDay}
          placeholder={DAY_FORMAT}
          minDate={c.StartDate || undefined}
          {...form.getInputProps('Campaign.EndDate')}
          value={c.EndDate || null}
          onChange={(end) => form.setFieldValue('Campaign.EndDate', end ?? '')}
        />
        <DigitsInput label="Call Time Check" maxDigits={4} {...form.getInputProps('Campaign.CallTimeCheck')} />
        <DigitsInput label="Call Center Check" maxDigits={4} {...form.getInputProps('Campaign.CallCenterCheck')} />
      </SimpleGrid>
      <Textarea label="Description" withAsterisk rows={3} maxLength={CAMPAIGN_LIMITS.descriptionMax} {...form.getInputProps('Campaign.Description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Switch label="Allow Disputes" {...form.getInputProps('Campaign.AllowDisputes', { type: 'checkbox' })} />
        <Switch label="Live Transfer" {...form.getInputProps('Campaign.IsLiveTransfer', { type: 'checkbox' })} />
      </SimpleGrid>
    </Section>
  );
}
