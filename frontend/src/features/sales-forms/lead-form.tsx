// The sales and employer lead forms themselves (spec part 3 §2, §3, §5, §8, §9): zip lookup (City,
// County and State are filled from it only), personal or employer information, contact information,
// notes with their counter, the consent script and Submit. The rules and words are the server's
// (shared/sales-forms.ts); errors show from the first submit on; a success resets the form but keeps
// the contract.
import { Button, NativeSelect, Radio, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { ApiError } from '@/api/client.ts';
import { FormSection } from '@/components/form-section.tsx';
import { ZipInput } from '@/components/zip-input.tsx';
import {
  COMPANY_INDUSTRIES,
  CONSENT_SCRIPT,
  CONTACT_DAYS,
  CONTACT_TIMES,
  digitsOnly,
  employerLeadSchema,
  HONEYPOT_FIELD,
  maskBirthDate,
  maskPhone,
  NOTES_MAX,
  SALES_FORM_MESSAGES as M,
  SALES_SNACKBAR_MS,
  salesLeadSchema,
  YES_NO,
  type EmployerLeadInput,
  type SalesFormKind,
  type SalesLeadInput,
} from '#shared/sales-forms.ts';
import { findZipLocation } from './api/find-zip-location.ts';
import { useSubmitLead } from './api/submit-lead.ts';

const blankValues = (contractNumber: string) => ({
  ContractID: contractNumber,
  ZipCode: '',
  City: '',
  County: '',
  State: '',
  FirstName: '',
  LastName: '',
  BirthDate: '',
  Address: '',
  AddressLine2: '',
  Phone: '',
  AlternatePhone: '',
  Email: '',
  ContactTime: '',
  ContactDay: '',
  Notes: '',
  JobTitle: '',
  CompanyName: '',
  NumberOfEmployees: '',
  EmployeesOver65: '',
  CompanyIndustry: '',
  GroupCoverage: '',
  [HONEYPOT_FIELD]: '',
});
type Values = ReturnType<typeof blankValues>;

const snackbar = (message: string, color: 'green' | 'red') => notifications.show({ message, color, autoClose: SALES_SNACKBAR_MS, withBorder: true });

function salesBody(v: Values): SalesLeadInput {
  return {
    ContractID: v.ContractID,
    FirstName: v.FirstName,
    LastName: v.LastName,
    Address: v.Address,
    AddressLine2: v.AddressLine2,
    City: v.City,
    County: v.County,
    State: v.State,
    ZipCode: v.ZipCode,
    BirthDate: v.BirthDate,
    Phone: v.Phone,
    AlternatePhone: v.AlternatePhone,
    Email: v.Email,
    ContactTime: v.ContactTime,
    ContactDay: v.ContactDay,
    Notes: v.Notes,
    PageUrl: window.location.href,
    [HONEYPOT_FIELD]: v[HONEYPOT_FIELD],
  };
}

function employerBody(v: Values): EmployerLeadInput {
  return {
    ...salesBody(v),
    JobTitle: v.JobTitle,
    CompanyName: v.CompanyName,
    NumberOfEmployees: v.NumberOfEmployees,
    EmployeesOver65: v.EmployeesOver65,
    CompanyIndustry: v.CompanyIndustry,
    GroupCoverage: v.GroupCoverage,
  };
}

const choices = (options: readonly string[]) => [{ value: '', label: 'Select…' }, ...options.map((o) => ({ value: o, label: o }))];

export function LeadForm({ kind, contractNumber }: { kind: SalesFormKind; contractNumber: string }) {
  const employer = kind === 'EmployerForm';
  const schema = employer ? employerLeadSchema : salesLeadSchema;
  const form = useForm<Values>({
    initialValues: blankValues(contractNumber),
    // Mantine validates on submit only: no message shows before the first submit.
    validate: schemaResolver(schema, { sync: true }) as never,
  });
  const submit = useSubmitLead();
  const honeypotId = useId();

  const lookUpZip = async (zip: string) => {
    form.setValues({ ZipCode: zip, City: '', County: '', State: '' });
    if (zip.length !== 5) return;
    // An answer for a zip the field no longer holds (typed on, or the form was reset) is dropped.
    const stillAsked = () => form.getValues().ZipCode === zip;
    try {
      const place = await findZipLocation(zip);
      if (!stillAsked()) return;
      form.setValues({ City: place.CityName, County: place.CountyName, State: place.StateAbbreviation });
      form.clearFieldError('ZipCode');
      for (const field of ['City', 'County', 'State'] as const) form.clearFieldError(field);
    } catch {
      // §5: a failed or empty look-up is 'Zip Code not found.'
      if (stillAsked()) form.setFieldError('ZipCode', M.zipNotFound);
    }
  };

  const onSubmit = form.onSubmit(
    (values) => {
      submit.mutate(employer ? { kind, body: employerBody(values) } : { kind, body: salesBody(values) }, {
        onSuccess: () => {
          snackbar(M.submitted, 'green');
          form.reset();
        },
        onError: (error) => {
          // §8: a network failure says so; a non-ok answer shows nothing, except a rate refusal, whose words say when to try again.
          if (!(error instanceof ApiError)) return;
          if (error.status === 0) snackbar(M.networkFailure, 'red');
          else if (error.status === 429) snackbar(M.tooManyRequests, 'red');
        },
      });
    },
    () => snackbar(M.formInvalid, 'red'),
  );

  const masked = (field: 'BirthDate' | 'Phone' | 'AlternatePhone' | 'NumberOfEmployees', mask: (raw: string) => string) => ({
    ...form.getInputProps(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, mask(event.currentTarget.value)),
  });

  const nameFields = (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="First Name" withAsterisk autoComplete="given-name" {...form.getInputProps('FirstName')} />
      <TextInput label="Last Name" withAsterisk autoComplete="family-name" {...form.getInputProps('LastName')} />
    </SimpleGrid>
  );
  const addressFields = (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Address" withAsterisk autoComplete="address-line1" {...form.getInputProps('Address')} />
      <TextInput label="Address Line 2" autoComplete="address-line2" {...form.getInputProps('AddressLine2')} />
    </SimpleGrid>
  );
  const birthDate = (
    <TextInput
      label="Date of Birth"
      withAsterisk={!employer}
      placeholder="MM/DD/YYYY"
      inputMode="numeric"
      autoComplete="bday"
      w={{ base: '100%', sm: 200 }}
      {...masked('BirthDate', maskBirthDate)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={employer ? 'Employer lead' : 'Sales lead'} style={{ position: 'relative' }}>
      <Stack gap="md">
        <Text size="sm">Fields marked * are required.</Text>
        <FormSection title="Zip Code Lookup">
          <Text size="sm">Enter your Zip Code: City, County and State are filled from it.</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ZipInput withAsterisk value={form.values.ZipCode} onChange={(zip) => void lookUpZip(zip)} error={form.errors.ZipCode} />
            <TextInput label="City" withAsterisk readOnly {...form.getInputProps('City')} />
            <TextInput label="County" withAsterisk readOnly {...form.getInputProps('County')} />
            <TextInput label="State" withAsterisk readOnly {...form.getInputProps('State')} />
          </SimpleGrid>
        </FormSection>

        {employer ? (
          <FormSection title="Employer Information">
            {nameFields}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Company Name" withAsterisk autoComplete="organization" {...form.getInputProps('CompanyName')} />
              <TextInput label="Job Title" withAsterisk autoComplete="organization-title" {...form.getInputProps('JobTitle')} />
              <TextInput label="Number of Employees" withAsterisk inputMode="numeric" {...masked('NumberOfEmployees', digitsOnly)} />
              <NativeSelect label="Company Industry" data={choices(COMPANY_INDUSTRIES)} {...form.getInputProps('CompanyIndustry')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <YesNo label="Employees Over 65" value={form.values.EmployeesOver65} onChange={(v) => form.setFieldValue('EmployeesOver65', v)} error={form.errors.EmployeesOver65} />
              <YesNo label="Group Coverage" value={form.values.GroupCoverage} onChange={(v) => form.setFieldValue('GroupCoverage', v)} error={form.errors.GroupCoverage} />
            </SimpleGrid>
            {addressFields}
            {birthDate}
          </FormSection>
        ) : (
          <FormSection title="Personal Information">
            {nameFields}
            {birthDate}
            {addressFields}
          </FormSection>
        )}

        <FormSection title="Contact Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Phone" withAsterisk type="tel" placeholder="(999) 999-9999" autoComplete="tel-national" {...masked('Phone', maskPhone)} />
            <TextInput label="Alternate Phone" type="tel" placeholder="(999) 999-9999" {...masked('AlternatePhone', maskPhone)} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('Email')} />
            <NativeSelect label="Best Time to Contact" data={choices(CONTACT_TIMES)} {...form.getInputProps('ContactTime')} />
            <NativeSelect label="Best Day to Contact" data={choices(CONTACT_DAYS)} {...form.getInputProps('ContactDay')} />
          </SimpleGrid>
        </FormSection>

        <FormSection title="Notes">
          <Textarea
            label="Notes"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={NOTES_MAX}
            description={`${form.values.Notes.length} / ${NOTES_MAX} characters`}
            {...form.getInputProps('Notes')}
            // §5: typing beyond the limit is ignored (a paste keeps what fits).
            onChange={(event) => form.setFieldValue('Notes', event.currentTarget.value.slice(0, NOTES_MAX))}
          />
        </FormSection>

        {/* The honeypot: out of sight and out of reach for people and screen readers; bots fill it. */}
        <div aria-hidden="true" style={{ position: 'absolute', left: -10000, top: 0, width: 1, height: 1, overflow: 'hidden' }}>
          <label htmlFor={honeypotId}>Website</label>
          <input id={honeypotId} type="text" name="website" tabIndex={-1} autoComplete="off" {...form.getInputProps(HONEYPOT_FIELD)} />
        </div>

        <Text size="sm" data-testid="consent-script">
          {CONSENT_SCRIPT.text}
        </Text>
        <Group>
          <Button type="submit" loading={submit.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function YesNo({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: React.ReactNode }) {
  return (
    <Radio.Group label={label} value={value} onChange={onChange} error={error}>
      <Group gap="md" mt={4}>
        {YES_NO.map((choice) => (
          <Radio key={choice} value={choice} label={choice} />
        ))}
      </Group>
    </Radio.Group>
  );
}
