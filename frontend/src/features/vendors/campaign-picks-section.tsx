// New Vendor's Select Campaigns (spec part 3 §2, §5): rows of a current campaign and the vendor's
// price for it; each becomes a campaign vendor once the vendor is saved. A campaign picked in one row
// is disabled in the others.
import { Button, Group, Paper, Select, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CAMPAIGN_LIMITS } from '#shared/campaign.ts';
import { centsToDollars, dollarsToCents } from '#shared/money.ts';
import { FormSection } from '@/components/form-section.tsx';
import { MoneyInput } from '@/components/money-input.tsx';
import { useCampaignChoices } from './api/list-campaign-choices.ts';
import { newCampaignPick, type VendorFormValues } from './vendor-form-model.ts';

export function CampaignPicksSection({ form }: { form: UseFormReturnType<VendorFormValues> }) {
  const choices = useCampaignChoices();
  const campaigns = choices.data ?? [];
  const rows = form.values.Campaigns;

  return (
    <FormSection title="Select Campaigns">
      {choices.isError && (
        <Text size="sm" c="red.8" role="status">
          The campaign list could not be loaded, so no campaign can be added now.
        </Text>
      )}
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No campaigns selected.
        </Text>
      )}
      {rows.map((row, index) => {
        const takenElsewhere = new Set(rows.filter((_, i) => i !== index).map((r) => r.CampaignId));
        const campaign = campaigns.find((c) => c.CampaignId === row.CampaignId);
        const label = campaign?.Name ?? `Campaign ${index + 1}`;
        const campaignPath = `Campaigns.${index}.CampaignId` as const;
        const pricePath = `Campaigns.${index}.VendorPrice` as const;
        const price = form.getInputProps(pricePath);
        return (
          <Paper key={row.key} withBorder p="sm" role="group" aria-label={label}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                {...form.getInputProps(campaignPath)}
                label="Campaign"
                withAsterisk
                searchable
                data={campaigns.map((c) => ({ value: c.CampaignId, label: `${c.Name} (${c.Code})`, disabled: takenElsewhere.has(c.CampaignId) }))}
                value={row.CampaignId || null}
                onChange={(id) => form.setFieldValue(campaignPath, id ?? '')}
              />
              <MoneyInput
                label="Vendor Price"
                withAsterisk
                maxLength={CAMPAIGN_LIMITS.priceMaxChars}
                error={price.error as string | undefined}
                onBlur={price.onBlur as () => void}
                value={row.VendorPrice === null ? null : dollarsToCents(row.VendorPrice)}
                onChange={(cents) => form.setFieldValue(pricePath, cents === null ? null : centsToDollars(cents))}
              />
            </SimpleGrid>
            <Group justify="flex-end" mt="xs">
              <Button variant="subtle" color="red" size="xs" onClick={() => form.removeListItem('Campaigns', index)} aria-label={`Remove ${label}`}>
                Remove
              </Button>
            </Group>
          </Paper>
        );
      })}
      <Group>
        <Button variant="default" disabled={campaigns.length === 0} onClick={() => form.insertListItem('Campaigns', newCampaignPick())}>
          Add Campaign
        </Button>
      </Group>
    </FormSection>
  );
}
