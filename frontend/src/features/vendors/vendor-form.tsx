// New Vendor and Edit Vendor (spec part 3 §2, §4, §5 Vendor form, §8): Vendor Details (with the lead
// API's posts per minute, beyond the spec), Vendor Token (edit), Contact Info, Pricing Model, Primary
// Partner Portal Administrator (edit), Address, Status, Dispute Reasons and Select Campaigns (create). The form validates with the shared schema the
// server parses the body with, and Save Vendor / Update Vendor stays disabled while anything is
// wrong. Update Vendor asks first; the outcome shows in a dialog whose close, after a save, returns
// to the vendors list. Leaving with unsaved changes asks first.
import { Alert, Button, Group, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { VendorDetails } from '#shared/api/vendors.ts';
import { US_STATES } from '#shared/lookups.ts';
import { POSTS_PER_MINUTE, VENDOR_MESSAGES } from '#shared/vendors.ts';
import { ApiError } from '@/api/client.ts';
import { useMe } from '@/api/get-me.ts';
import { FormSection } from '@/components/form-section.tsx';
import { LeavePrompt } from '@/components/leave-prompt.tsx';
import { ZipInput } from '@/components/zip-input.tsx';
import { SaveOutcomeDialog, type SaveOutcome } from '@/components/save-outcome-dialog.tsx';
import { useCreateVendor } from './api/create-vendor.ts';
import { useUpdateVendor } from './api/update-vendor.ts';
import { CampaignPicksSection } from './campaign-picks-section.tsx';
import { DisputeReasonsSection } from './dispute-reasons-section.tsx';
import { VendorAdminSection } from './vendor-admin-section.tsx';
import { revisionAfterSideChange, vendorFormErrors, vendorUpdateBody, type VendorFormValues } from './vendor-form-model.ts';
import { SandboxTokenSection } from './sandbox-token-section.tsx';
import { VendorTokenSection } from './vendor-token-section.tsx';

export const VENDORS_LIST_PATH = '/vendors';
export const UPDATE_CONFIRM = 'Are you sure you want to update this vendor?';
export const PARTLY_SAVED =
  'The vendor was saved, but the campaigns still listed under Select Campaigns were not assigned. Save Vendor again to assign them; the vendor itself is changed from its Edit page.';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.StateAbbreviation, label: `${s.StateName} (${s.StateAbbreviation})` }));

type Outcome = SaveOutcome;

interface VendorFormProps {
  initialValues: VendorFormValues;
  /** The vendor as stored now (Edit Vendor); absent for New Vendor. */
  vendor?: VendorDetails;
}

export function VendorForm({ initialValues, vendor }: VendorFormProps) {
  const editing = vendor !== undefined;
  const { Permissions } = useMe();
  const canEditVendors = Permissions.includes('CAN_EDIT_VENDORS');
  const navigate = useNavigate();
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const hintId = useId();
  // Validation needs a vendor id and revision on edit; the ones first read do.
  const [editIds] = useState(() => (vendor ? { VendorId: vendor.VendorId, Revision: vendor.Revision } : null));
  // The revision Update Vendor sends: the one read, moved on by this page's own token and admin changes.
  const [revision, setRevision] = useState(vendor?.Revision ?? 0);
  // New Vendor: the vendor a half-finished save already created (its campaigns failed).
  const [createdVendorId, setCreatedVendorId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const form = useForm<VendorFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => vendorFormErrors(values, editIds),
    validateInputOnBlur: true,
    validateInputOnChange: true,
  });
  const liveErrors = vendorFormErrors(form.values, editIds);
  const hasErrors = Object.keys(liveErrors).length > 0 || Object.values(form.errors).some(Boolean);
  const saving = create.isPending || update.isPending;
  const saveLabel = editing ? 'Update Vendor' : 'Save Vendor';
  const locked = createdVendorId !== null;

  const failed = (error: Error) => {
    const messages = error instanceof ApiError ? error.messages : [];
    if (messages.includes(VENDOR_MESSAGES.duplicateCode)) form.setFieldError('Code', VENDOR_MESSAGES.duplicateCode);
    setOutcome({ kind: 'failed', messages });
  };

  const save = () => {
    setConfirming(false);
    const values = form.getValues();
    const handlers = { onSuccess: () => setOutcome({ kind: 'saved' }), onError: failed };
    if (vendor) {
      update.mutate(vendorUpdateBody(values, vendor.VendorId, revision), handlers);
      return;
    }
    create.mutate(
      {
        values,
        createdVendorId,
        progress: {
          vendorCreated: setCreatedVendorId,
          campaignAssigned: (key) =>
            form.setFieldValue(
              'Campaigns',
              form.getValues().Campaigns.filter((pick) => pick.key !== key),
            ),
        },
      },
      handlers,
    );
  };

  const submit = form.onSubmit(() => (editing ? setConfirming(true) : save()));
  const sideChange = (answered: number) => setRevision((held) => revisionAfterSideChange(held, answered));
  const backToList = () => void navigate({ to: VENDORS_LIST_PATH, ignoreBlocker: true });
  const toggle = (path: 'IsPartner' | 'AllowCreditLineUse' | 'AllowDisputes' | 'AllowVariablePricing' | 'Archived') =>
    form.getInputProps(path, { type: 'checkbox' });
  const state = form.getInputProps('VendorContact.State');

  return (
    <form name="VendorEditForm" aria-label={editing ? 'Edit Vendor' : 'New Vendor'} onSubmit={submit} noValidate>
      <Stack gap="md" maw={900}>
        <Title order={1} size="h2">
          {editing ? 'Edit Vendor' : 'New Vendor'}
        </Title>
        {locked && (
          <Alert color="yellow" variant="light" role="status" title="The vendor was saved">
            {PARTLY_SAVED}
          </Alert>
        )}
        {/* Once a half-finished save created the vendor, only its campaigns are left to send. */}
        <fieldset disabled={locked} aria-label="Vendor" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <FormSection title="Vendor Details">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Vendor Name" withAsterisk maxLength={100} {...form.getInputProps('Name')} />
                <TextInput label="Vendor Code" withAsterisk maxLength={50} {...form.getInputProps('Code')} />
              </SimpleGrid>
              <Textarea label="Description" rows={3} resize="vertical" maxLength={500} {...form.getInputProps('Description')} />
              <NumberInput
                label="Posts per minute"
                description={`Leads and pings the lead API takes from this vendor in one minute (${POSTS_PER_MINUTE.default} unless set); more wait for the next minute.`}
                min={POSTS_PER_MINUTE.min}
                max={POSTS_PER_MINUTE.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                thousandSeparator=","
                maw={320}
                {...form.getInputProps('PostsPerMinute')}
              />
              <Group gap="lg" wrap="wrap">
                <Switch label="Is Partner" {...toggle('IsPartner')} />
                <Switch label="Allow Credit Line Use" {...toggle('AllowCreditLineUse')} />
                <Switch label="Allow Disputes" {...toggle('AllowDisputes')} />
              </Group>
            </FormSection>

            {vendor && <VendorTokenSection vendorId={vendor.VendorId} lastFour={vendor.TokenLastFour} canEdit={canEditVendors} onRevision={sideChange} />}
            {vendor && <SandboxTokenSection vendorId={vendor.VendorId} lastFour={vendor.SandboxTokenLastFour} canEdit={canEditVendors} onRevision={sideChange} />}

            <FormSection title="Contact Info">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="Name" maxLength={100} autoComplete="off" {...form.getInputProps('VendorContact.Name')} />
                <TextInput label="Email" type="email" maxLength={254} autoComplete="off" {...form.getInputProps('VendorContact.Email')} />
                <TextInput label="Phone" type="tel" maxLength={30} autoComplete="off" {...form.getInputProps('VendorContact.Phone')} />
              </SimpleGrid>
            </FormSection>

            <FormSection title="Pricing Model">
              <Switch label="Allow Variable Pricing" {...toggle('AllowVariablePricing')} />
            </FormSection>

            {vendor && <VendorAdminSection vendorId={vendor.VendorId} adminEmail={vendor.AdminEmail} canEdit={canEditVendors} onRevision={sideChange} />}

            <FormSection title="Address">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Address" withAsterisk maxLength={200} autoComplete="off" {...form.getInputProps('VendorContact.AddressLine1')} />
                <TextInput label="Address Line 2" maxLength={200} autoComplete="off" {...form.getInputProps('VendorContact.AddressLine2')} />
                <TextInput label="City" withAsterisk maxLength={100} autoComplete="off" {...form.getInputProps('VendorContact.City')} />
                <Select
                  {...state}
                  label="State"
                  withAsterisk
                  searchable
                  data={STATE_OPTIONS}
                  value={form.values.VendorContact.State || null}
                  onChange={(code) => form.setFieldValue('VendorContact.State', code ?? '')}
                />
                <ZipInput
                  withAsterisk
                  autoComplete="off"
                  {...form.getInputProps('VendorContact.Zip')}
                  value={form.values.VendorContact.Zip}
                  onChange={(zip) => form.setFieldValue('VendorContact.Zip', zip)}
                />
              </SimpleGrid>
            </FormSection>

            <FormSection title="Status">
              <Radio.Group
                label="Status"
                value={String(form.values.Status)}
                onChange={(value) => form.setFieldValue('Status', value === '0' ? 0 : 1)}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="1" label="Active" />
                  <Radio value="0" label="Inactive" />
                </Group>
              </Radio.Group>
              <Switch label="Archived" {...toggle('Archived')} />
            </FormSection>

            <DisputeReasonsSection form={form} listError={liveErrors.DisputeReasons} />
          </Stack>
        </fieldset>

        {!editing && <CampaignPicksSection form={form} />}

        <Stack gap={4} align="flex-end">
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate({ to: VENDORS_LIST_PATH })}>
              Cancel
            </Button>
            <Button type="submit" disabled={hasErrors} loading={saving} aria-describedby={hasErrors ? hintId : undefined}>
              {saveLabel}
            </Button>
          </Group>
          {hasErrors && (
            <Text id={hintId} size="sm" c="dimmed" ta="right">
              {saveLabel} is enabled once every required field (*) is filled in and no field shows a problem.
            </Text>
          )}
        </Stack>
      </Stack>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Update Vendor" centered>
        <Stack gap="md">
          <Text>{UPDATE_CONFIRM}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              No
            </Button>
            <Button onClick={save}>Yes</Button>
          </Group>
        </Stack>
      </Modal>

      <SaveOutcomeDialog
        outcome={outcome}
        title={saveLabel}
        savedText={VENDOR_MESSAGES.saved}
        failedText={VENDOR_MESSAGES.saveFailed}
        onSaved={backToList}
        onDismiss={() => setOutcome(null)}
      />

      <LeavePrompt when={form.isDirty() && outcome?.kind !== 'saved'} />
    </form>
  );
}
