// The campaign flow's Campaign Selection (lead types) and Vendor Selection (providers) steps (spec part
// 2 §2, §4, §5): current campaigns grouped by line of business; each chosen campaign needs at least
// one vendor; removing a campaign removes its vendor choices with it.
import { Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CampaignVendorRecordDto } from '#shared/api/campaigns.ts';
import { LEAD_TYPES } from '#shared/lookups.ts';
import type { OrderForm } from './step-props.ts';

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const lobName = (lob: number) => LEAD_TYPES.find((t) => t.Id === lob)?.Name ?? `Line ${lob}`;

/** The records grouped by line of business, in the lookup's order. */
export function groupByLob(records: readonly CampaignVendorRecordDto[]): { lob: number; name: string; records: CampaignVendorRecordDto[] }[] {
  const lobs = [...new Set(records.map((r) => r.Campaign.Lob))].sort((a, b) => a - b);
  return lobs.map((lob) => ({ lob, name: lobName(lob), records: records.filter((r) => r.Campaign.Lob === lob) }));
}

interface CampaignStepProps {
  form: OrderForm;
  records: readonly CampaignVendorRecordDto[];
  onLiveTransferChosen: () => void;
}

export function CampaignsStep({ form, records, onLiveTransferChosen }: CampaignStepProps) {
  const chosen = form.values.Campaigns;
  const toggle = (record: CampaignVendorRecordDto, on: boolean) => {
    const id = record.Campaign.CampaignId;
    // Removing a campaign drops its vendor choices with it (2§4).
    form.setFieldValue('Campaigns', on ? [...chosen, { CampaignId: id, VendorIds: [] }] : chosen.filter((c) => c.CampaignId !== id));
    form.clearFieldError('Campaigns');
    if (on && record.Campaign.IsLiveTransfer) onLiveTransferChosen();
  };
  return (
    <Stack gap="md">
      {records.length === 0 && <Text c="dimmed">No campaigns are offered right now.</Text>}
      {groupByLob(records).map((group) => (
        <Stack key={group.lob} gap="xs" role="group" aria-labelledby={`lob-${group.lob}`}>
          <Title order={3} size="h5" id={`lob-${group.lob}`}>
            {group.name}
          </Title>
          {group.records.map((r) => (
            <Checkbox
              key={r.Campaign.CampaignId}
              label={r.Campaign.Name}
              description={r.Campaign.IsLiveTransfer ? 'Live transfer' : undefined}
              checked={chosen.some((c) => c.CampaignId === r.Campaign.CampaignId)}
              onChange={(e) => toggle(r, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      ))}
      {form.errors.Campaigns && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.Campaigns}
        </Text>
      )}
    </Stack>
  );
}

interface VendorStepProps {
  form: OrderForm;
  records: readonly CampaignVendorRecordDto[];
  agentType: 0 | 1 | 2 | undefined;
}

export function VendorsStep({ form, records, agentType }: VendorStepProps) {
  const chosen = form.values.Campaigns;
  const byId = new Map(records.map((r) => [r.Campaign.CampaignId, r]));
  const setVendor = (campaignId: string, vendorId: string, on: boolean) => {
    form.setFieldValue(
      'Campaigns',
      chosen.map((c) => (c.CampaignId !== campaignId ? c : { ...c, VendorIds: on ? [...c.VendorIds, vendorId] : c.VendorIds.filter((v) => v !== vendorId) })),
    );
    form.clearFieldError('Vendors');
  };
  return (
    <Stack gap="md">
      {chosen.length === 0 && <Text c="dimmed">Choose a lead type first.</Text>}
      {chosen.map((c) => {
        const record = byId.get(c.CampaignId);
        return (
          <Paper key={c.CampaignId} withBorder p="sm">
            <Stack gap="xs" role="group" aria-labelledby={`vendors-${c.CampaignId}`}>
              <Title order={3} size="h5" id={`vendors-${c.CampaignId}`}>
                {record?.Campaign.Name ?? c.CampaignId}
              </Title>
              {(record?.Vendors ?? []).map((v) => (
                <Group key={v.VendorId} gap="xs">
                  <Checkbox
                    label={v.Name}
                    description={agentType === undefined ? `${money(v.CaptivePrice)} captive, ${money(v.BrokerPrice)} broker` : money(agentType === 1 ? v.BrokerPrice : v.CaptivePrice)}
                    checked={c.VendorIds.includes(v.VendorId)}
                    onChange={(e) => setVendor(c.CampaignId, v.VendorId, e.currentTarget.checked)}
                  />
                </Group>
              ))}
              {record && record.Vendors.length === 0 && <Text c="dimmed">This campaign has no vendors.</Text>}
            </Stack>
          </Paper>
        );
      })}
      {form.errors.Vendors && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.Vendors}
        </Text>
      )}
    </Stack>
  );
}
