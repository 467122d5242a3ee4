// Criteria (spec part 3 §3, §4, §5): eBureau scoring with its min score forces the Address criterion
// on and locks it; Address is all five address parts, Email both e-mails; optional min and max age.
import { SimpleGrid, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES, withEbureauAddress } from '#shared/campaign.ts';
import { criteriaFlags, withAddress, withEmail } from '../campaign-form-model.ts';
import { CAMPAIGN_SNACKBAR_MS } from '../campaign-texts.ts';
import { DigitsInput } from '../digits-input.tsx';
import type { CampaignForm } from './form-types.ts';
import { Section } from './section.tsx';

export function CriteriaSection({ form }: { form: CampaignForm }) {
  const c = form.values.Campaign;
  const flags = criteriaFlags(c.CampaignValidation);
  const setValidation = (next: typeof c.CampaignValidation) => form.setFieldValue('Campaign.CampaignValidation', next);

  const setEbureau = (on: boolean) => {
    form.setFieldValue('Campaign.CheckEbureau', on);
    if (!on) return form.setFieldValue('Campaign.MinScore', null);
    setValidation(withEbureauAddress(form.getValues().Campaign.CampaignValidation, true));
    notifications.show({ message: CAMPAIGN_MESSAGES.ebureauNeedsAddress, color: 'blue', autoClose: CAMPAIGN_SNACKBAR_MS });
  };

  return (
    <Section title="Criteria">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Switch label="eBureau" checked={c.CheckEbureau} onChange={(e) => setEbureau(e.currentTarget.checked)} />
        {c.CheckEbureau && (
          <DigitsInput
            label="Min Score"
            withAsterisk
            maxDigits={4}
            max={CAMPAIGN_LIMITS.minScoreMax}
            {...form.getInputProps('Campaign.MinScore')}
            onChange={(v) => form.setFieldValue('Campaign.MinScore', v === '' ? null : v)}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Switch
          label="Address"
          checked={flags.Address}
          disabled={c.CheckEbureau}
          onChange={(e) => setValidation(withAddress(c.CampaignValidation, e.currentTarget.checked))}
        />
        <Switch label="Email" checked={flags.Email} onChange={(e) => setValidation(withEmail(c.CampaignValidation, e.currentTarget.checked))} />
        <Switch label="Gender" checked={flags.Gender} onChange={(e) => setValidation({ ...c.CampaignValidation, In_GenderRequired: e.currentTarget.checked })} />
        <Switch label="Birthdate" checked={flags.Birthdate} onChange={(e) => setValidation({ ...c.CampaignValidation, In_dobRequired: e.currentTarget.checked })} />
        <Switch
          label="Consent certificate"
          description="Vendor leads must send Consent.CertificateUrl"
          checked={flags.ConsentCertificate}
          onChange={(e) => setValidation({ ...c.CampaignValidation, ConsentCertificateRequired: e.currentTarget.checked })}
        />
      </SimpleGrid>
      {c.CheckEbureau && (
        <Text size="xs" c="dimmed">
          {CAMPAIGN_MESSAGES.ebureauNeedsAddress}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DigitsInput
          label="Min Age"
          maxDigits={5}
          value={c.CampaignValidation.MinAge ?? ''}
          onChange={(v) => setValidation({ ...c.CampaignValidation, MinAge: v === '' ? null : v })}
          error={form.errors['Campaign.CampaignValidation.MinAge']}
        />
        <DigitsInput
          label="Max Age"
          maxDigits={5}
          value={c.CampaignValidation.MaxAge ?? ''}
          onChange={(v) => setValidation({ ...c.CampaignValidation, MaxAge: v === '' ? null : v })}
          error={form.errors['Campaign.CampaignValidation.MaxAge']}
        />
      </SimpleGrid>
    </Section>
  );
}
