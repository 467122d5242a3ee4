// The campaign create and edit form (spec part 3 §2, §4, §5, §8; form name CampaignEditForm): its
// sections, Save Campaign with its confirm dialog, the save sequence, the success and failure
// dialogs, and the leave prompt. Validation is the shared schemas' (the server's own messages).
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CAMPAIGN_MESSAGES, startsInPast } from '#shared/campaign.ts';
import { ApiError } from '@/api/client.ts';
import { useMe } from '@/api/get-me.ts';
import { SaveOutcomeDialog, type SaveOutcome } from '@/components/save-outcome-dialog.tsx';
import { useFormLookups } from './api/form-lookups.ts';
import { type FormSaveProgress, useSaveCampaign } from './api/save-campaign.ts';
import { BidSection } from './bid-section.tsx';
import { companyDay } from '#shared/time-zones.ts';
import { campaignFormSchema, type CampaignFormValues } from './campaign-form-model.ts';
import { CAMPAIGNS_LIST_PATH, LeavePrompt } from './leave-prompt.tsx';
import { ChannelSection, DedupeSection } from './sections/channel-dedupe-section.tsx';
import { CriteriaSection } from './sections/criteria-section.tsx';
import { DetailsSection } from './sections/details-section.tsx';
import { RetrySection } from './sections/retry-section.tsx';
import { Section } from './sections/section.tsx';
import { VendorsSection } from './sections/vendors-section.tsx';

type Outcome = SaveOutcome;

export function CampaignForm({ initialValues, editing }: { initialValues: CampaignFormValues; editing: boolean }) {
  // The company's day (Central), the "today" the server refuses a past start date by (docs/api.md), not the browser's.
  const today = companyDay();
  // Fund preview (the signed-in user's flag) requires the captive and broker prices, Line of Business
  // and Category (part 3 §5).
  const { IsFundPreview: fundPreview } = useMe();
  const resolve = schemaResolver(campaignFormSchema(editing, fundPreview), { sync: true });
  const form = useForm<CampaignFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => ({
      ...resolve(values),
      // A new campaign cannot start in the past (part 3 §5); the server refuses it too.
      ...(!values.Campaign.CampaignId && startsInPast(values.Campaign.StartDate, today) ? { 'Campaign.StartDate': CAMPAIGN_MESSAGES.startInPast } : {}),
    }),
  });
  const lookups = useFormLookups();
  const save = useSaveCampaign();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const progress: FormSaveProgress = {
    campaignSaved(campaignId) {
      const c = form.getValues().Campaign;
      if (c.CampaignId) form.setFieldValue('Campaign.Revision', (c.Revision ?? 0) + 1);
      else {
        form.setFieldValue('Campaign.CampaignId', campaignId);
        form.setFieldValue('Campaign.Revision', 1);
      }
      form.setFieldValue(
        'Vendors',
        form.getValues().Vendors.map((row) => ({ ...row, CampaignId: campaignId })),
      );
    },
    vendorDeleted(campaignVendorId) {
      form.setFieldValue(
        'RemovedVendorIds',
        form.getValues().RemovedVendorIds.filter((id) => id !== campaignVendorId),
      );
    },
    vendorSaved(index, campaignVendorId) {
      const row = form.getValues().Vendors[index];
      if (!row) return;
      form.setFieldValue(`Vendors.${index}`, { ...row, CampaignVendorId: campaignVendorId, Revision: row.CampaignVendorId ? (row.Revision ?? 0) + 1 : 1 });
    },
    fundsSaved(index, saved) {
      const row = form.getValues().Vendors[index];
      if (!row) return;
      form.setFieldValue(
        `Vendors.${index}.Funds`,
        saved.map((f) => ({ FundId: f.FundId, Name: f.Name, Code: f.Code, IsActive: f.IsActive, Priority: f.Priority, Action: 'None' as const })),
      );
    },
  };

  const submit = form.onSubmit(() => setConfirming(true));

  const run = () => {
    setConfirming(false);
    save.mutate(
      { values: form.getValues(), progress },
      {
        onSuccess: () => setOutcome({ kind: 'saved' }),
        onError: (error) => setOutcome({ kind: 'failed', messages: error instanceof ApiError ? error.messages : [] }),
      },
    );
  };

  const backToList = () => void navigate({ to: CAMPAIGNS_LIST_PATH });

  return (
    <form name="CampaignEditForm" aria-label={editing ? 'Edit Campaign' : 'New Campaign'} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {editing ? 'Edit Campaign' : 'New Campaign'}
        </Title>
        <DetailsSection form={form} editing={editing} fundPreview={fundPreview} today={today} {...lookups} />
        <RetrySection form={form} />
        <CriteriaSection form={form} />
        <ChannelSection form={form} />
        <DedupeSection form={form} />
        <Section title="Bid Campaign">
          <BidSection value={form.values.Campaign.CallerLeadsBidCampaigns} onChange={(next) => form.setFieldValue('Campaign.CallerLeadsBidCampaigns', next)} />
        </Section>
        <VendorsSection form={form} fundPreview={fundPreview} vendors={lookups.vendors} vendorsFailed={lookups.vendorsFailed} funds={lookups.funds} />
        <Group justify="flex-end">
          <Button variant="default" onClick={backToList}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Campaign
          </Button>
        </Group>
      </Stack>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Save Campaign" centered>
        <Stack gap="md">
          <Text>Are you sure you want to save this campaign?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              No
            </Button>
            <Button onClick={run}>Yes</Button>
          </Group>
        </Stack>
      </Modal>

      <SaveOutcomeDialog
        outcome={outcome}
        title="Save Campaign"
        savedText={CAMPAIGN_MESSAGES.saveSucceeded}
        failedText={CAMPAIGN_MESSAGES.saveFailed}
        onSaved={backToList}
        onDismiss={() => setOutcome(null)}
      />

      <LeavePrompt disabled={outcome?.kind === 'saved'} />
    </form>
  );
}
