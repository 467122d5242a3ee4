// Select Vendors (spec part 3 §2, §3, §5): one row per campaign vendor with its prices, eBureau score
// and Funds dialog. Captive and Broker Price are required in fund preview only (§5); they are shown to
// every editor, since campaign orders charge agents those prices (docs/api.md). A vendor picked in one
// row is disabled in the others; a saved row's vendor cannot
// be changed. A price above what agents pay shows the non-blocking may-lose-money warning.
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { FundDto } from '#shared/api/funds.ts';
import type { VendorRow } from '#shared/api/vendors.ts';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES } from '#shared/campaign.ts';
import { centsToDollars, dollarsToCents } from '#shared/money.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { newVendorRow, type VendorRowValues } from '../campaign-form-model.ts';
import { DigitsInput } from '../digits-input.tsx';
import { FundsDialog } from '../funds-dialog.tsx';
import { mayLoseMoney } from '../price-warning.ts';
import type { CampaignForm } from './form-types.ts';
import { Section } from './section.tsx';

/** A vendor to pick: a row of the contract's GET Vendor answer. */
export type VendorChoice = Pick<VendorRow, 'VendorId' | 'Name'>;

interface VendorsProps {
  form: CampaignForm;
  /** The signed-in user's fund preview: the captive and broker prices are required. */
  fundPreview: boolean;
  vendors: readonly VendorChoice[];
  vendorsFailed: boolean;
  funds: readonly FundDto[];
}

type PricePath = 'VendorPrice' | 'MaxPrice' | 'CaptivePrice' | 'BrokerPrice';

export function VendorsSection({ form, fundPreview, vendors, vendorsFailed, funds }: VendorsProps) {
  const rows = form.values.Vendors;
  const [fundsOf, setFundsOf] = useState<number | null>(null);

  const remove = (index: number) => {
    const row = rows[index];
    if (row?.CampaignVendorId) form.setFieldValue('RemovedVendorIds', [...form.getValues().RemovedVendorIds, row.CampaignVendorId]);
    form.removeListItem('Vendors', index);
  };

  const open = fundsOf === null ? undefined : rows[fundsOf];

  return (
    <Section title="Select Vendors">
      {vendorsFailed && (
        <Text size="sm" c="red" role="status">
          The vendor list could not be loaded, so no vendor can be added now.
        </Text>
      )}
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No vendors selected.
        </Text>
      )}
      {rows.map((row, index) => (
        <VendorRow
          key={row.key}
          form={form}
          fundPreview={fundPreview}
          index={index}
          row={row}
          vendors={vendors}
          takenElsewhere={new Set(rows.filter((_, i) => i !== index).map((r) => r.VendorId))}
          funds={funds}
          onFunds={() => setFundsOf(index)}
          onRemove={() => remove(index)}
        />
      ))}
      <Group>
        <Button variant="default" disabled={vendors.length === 0} onClick={() => form.insertListItem('Vendors', newVendorRow(form.getValues().Campaign.CampaignId))}>
          Add Vendor
        </Button>
      </Group>
      {open && fundsOf !== null && (
        <FundsDialog
          vendorName={open.VendorName || 'New vendor'}
          picked={open.Funds}
          funds={funds}
          onChange={(next) => form.setFieldValue(`Vendors.${fundsOf}.Funds`, next)}
          onClose={() => setFundsOf(null)}
        />
      )}
    </Section>
  );
}

interface VendorRowProps {
  form: CampaignForm;
  fundPreview: boolean;
  index: number;
  row: VendorRowValues;
  vendors: readonly VendorChoice[];
  takenElsewhere: Set<string>;
  funds: readonly FundDto[];
  onFunds: () => void;
  onRemove: () => void;
}

function VendorRow({ form, fundPreview, index, row, vendors, takenElsewhere, funds, onFunds, onRemove }: VendorRowProps) {
  const saved = Boolean(row.CampaignVendorId);
  const options = vendors.map((v) => ({ value: v.VendorId, label: v.Name, disabled: takenElsewhere.has(v.VendorId) }));
  if (row.VendorId && !options.some((o) => o.value === row.VendorId)) options.unshift({ value: row.VendorId, label: row.VendorName || row.VendorId, disabled: false });
  const path = <K extends keyof VendorRowValues>(key: K) => `Vendors.${index}.${key}` as const;
  const kept = row.Funds.filter((f) => f.Action !== 'DeleteFund');
  const prices = funds.filter((f) => kept.some((k) => k.FundId === f.FundId));
  const label = row.VendorName || `Vendor ${index + 1}`;

  const money = (key: PricePath, text: string) => {
    const props = form.getInputProps(path(key));
    const dollars = row[key];
    return (
      <MoneyInput
        label={text}
        maxLength={CAMPAIGN_LIMITS.priceMaxChars}
        withAsterisk={key === 'VendorPrice' || (fundPreview && (key === 'CaptivePrice' || key === 'BrokerPrice'))}
        error={props.error as string | undefined}
        value={dollars === null ? null : dollarsToCents(dollars)}
        onChange={(cents) => form.setFieldValue(path(key), cents === null ? null : centsToDollars(cents))}
      />
    );
  };

  return (
    <Paper withBorder p="sm" role="group" aria-label={label}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <Select
            label="Vendor"
            withAsterisk
            searchable
            data={options}
            disabled={saved}
            value={row.VendorId || null}
            error={form.errors[path('VendorId')]}
            onChange={(id) => {
              form.setFieldValue(path('VendorId'), id ?? '');
              form.setFieldValue(path('VendorName'), vendors.find((v) => v.VendorId === id)?.Name ?? '');
            }}
          />
          {money('VendorPrice', 'Vendor Price')}
          {money('MaxPrice', 'Max Price')}
          {money('CaptivePrice', 'Captive Price')}
          {money('BrokerPrice', 'Broker Price')}
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <Switch
              label="eBureau"
              checked={row.CheckEbureau}
              onChange={(e) => {
                form.setFieldValue(path('CheckEbureau'), e.currentTarget.checked);
                if (!e.currentTarget.checked) form.setFieldValue(path('MinScore'), null);
              }}
            />
            {row.CheckEbureau && (
              <DigitsInput
                label="Min Score"
                maxDigits={4}
                max={CAMPAIGN_LIMITS.minScoreMax}
                value={row.MinScore ?? ''}
                error={form.errors[path('MinScore')]}
                onChange={(v) => form.setFieldValue(path('MinScore'), v === '' ? null : v)}
              />
            )}
          </Group>
        </SimpleGrid>
        {mayLoseMoney(row, prices) && (
          <Alert color="yellow" variant="light" role="status" p="xs">
            {CAMPAIGN_MESSAGES.loseMoney}
          </Alert>
        )}
        <Group gap="xs" justify="space-between">
          <Text size="sm">{kept.length === 0 ? 'No funds' : `Funds: ${[...kept].sort((a, b) => a.Priority - b.Priority).map((f) => f.Name).join(', ')}`}</Text>
          <Group gap="xs">
            <Button variant="light" size="xs" onClick={onFunds} aria-label={`Funds of ${label}`}>
              Funds
            </Button>
            <Button variant="subtle" color="red" size="xs" onClick={onRemove} aria-label={`Remove ${label}`}>
              Remove
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
