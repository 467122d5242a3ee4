// Step 1 of the fund flow, Select Funds (spec part 2 §4, §5, §6): the funds the caller may see (the
// server filters them by agent type and agent; staff get them all), narrowed by category ({product}
// and ThirdPartyShared by default) and line of business; a fund's description opens in a dialog.
// Choosing a live-transfer fund resets the distribution to the owner at 100%.
import { Badge, Button, Checkbox, CloseButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FundDto } from '#shared/api/funds.ts';
import { FUND_CATEGORIES, OWN_COMPANY_CATEGORY_LABEL } from '#shared/funds.ts';
import { LEAD_TYPES } from '#shared/lookups.ts';
import { fundReceivesLeads } from '#shared/orders/step-funds.ts';
import type { OrderForm } from './step-props.ts';

export const CATEGORY_FILTERS = [
  { value: String(FUND_CATEGORIES.OwnCompany), label: OWN_COMPANY_CATEGORY_LABEL },
  { value: String(FUND_CATEGORIES.ThirdPartyShared), label: 'Third Party Shared' },
  { value: String(FUND_CATEGORIES.ThirdPartyExclusive), label: 'Third Party Exclusive' },
];
/** 2§4: the list opens on {product} and ThirdPartyShared. */
export const DEFAULT_CATEGORY_FILTER = [String(FUND_CATEGORIES.OwnCompany), String(FUND_CATEGORIES.ThirdPartyShared)];
/** 2§4: Employer, Health, Life, Medicare. */
export const LOB_FILTERS = LEAD_TYPES.filter((t) => t.Id <= 4).map((t) => ({ value: String(t.Id), label: t.Name }));

export const lobName = (lob: number) => LEAD_TYPES.find((t) => t.Id === lob)?.Name ?? `Line ${lob}`;
const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A fund as an order names it (2§3 Order Funds: FundId, Name). */
export type FundRef = Pick<FundDto, 'FundId' | 'Name'>;

/** A fund's name: from the caller's list, else from the order's own funds, else (unknown to both) its id. */
export function fundNames(funds: readonly FundRef[], orderFunds: readonly FundRef[] = []): (id: string) => string {
  const names = new Map([...orderFunds, ...funds].filter((f) => f.Name).map((f) => [f.FundId, f.Name]));
  return (id) => names.get(id) ?? id;
}

/** The funds the filters let through. */
export function filterFunds(funds: readonly FundDto[], categories: readonly string[], lobs: readonly string[]): FundDto[] {
  return funds.filter((f) => categories.includes(String(f.Category)) && lobs.includes(String(f.LineOfBusiness)));
}

interface FundsStepProps {
  form: OrderForm;
  funds: readonly FundDto[];
  /**
   * The edited order's funds as stored, with their names: a fund switched off since is no longer in an
   * agent's list, and is still named, not shown by its id.
   */
  orderFunds?: readonly FundRef[] | undefined;
  today: string;
  /** The owner's agent type decides the price shown; undefined shows both prices (staff, fund preview: 2§6). */
  agentType: 0 | 1 | 2 | undefined;
  onLiveTransferChosen: () => void;
}

export function FundsStep({ form, funds, orderFunds = [], today, agentType, onLiveTransferChosen }: FundsStepProps) {
  const [categories, setCategories] = useState<string[]>(DEFAULT_CATEGORY_FILTER);
  const [lobs, setLobs] = useState<string[]>(LOB_FILTERS.map((l) => l.value));
  const [described, setDescribed] = useState<FundDto | null>(null);
  const selected = form.values.SelectedFunds;
  const shown = filterFunds(funds, categories, lobs);
  const byId = new Map(funds.map((f) => [f.FundId, f]));
  const nameOf = fundNames(funds, orderFunds);

  const toggle = (fund: FundDto, on: boolean) => {
    form.setFieldValue('SelectedFunds', on ? [...selected, fund.FundId] : selected.filter((id) => id !== fund.FundId));
    form.clearFieldError('SelectedFunds');
    if (on && fund.IsLiveTransfer) onLiveTransferChosen();
  };

  const price = (f: FundDto) => (agentType === 1 ? money(f.BrokerPrice) : agentType === undefined ? `${money(f.CaptivePrice)} captive, ${money(f.BrokerPrice)} broker` : money(f.CaptivePrice));

  return (
    <Stack gap="md">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Checkbox.Group label="Category" value={categories} onChange={setCategories}>
          <Group gap="sm" mt={4}>
            {CATEGORY_FILTERS.map((c) => (
              <Checkbox key={c.value} value={c.value} label={c.label} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group label="Line of Business" value={lobs} onChange={setLobs}>
          <Group gap="sm" mt={4}>
            {LOB_FILTERS.map((l) => (
              <Checkbox key={l.value} value={l.value} label={l.label} />
            ))}
          </Group>
        </Checkbox.Group>
      </Group>

      {selected.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Selected funds
          </Text>
          <Group gap={6} role="list" aria-label="Selected funds">
            {selected.map((id) => {
              const fund = byId.get(id);
              const inactive = !fund || !fundReceivesLeads(fund, today);
              return (
                <Group key={id} role="listitem" gap={2} wrap="nowrap" px={8} py={2} bg={inactive ? 'red.0' : 'gray.1'} style={{ borderRadius: 4 }}>
                  <Text size="sm">
                    {nameOf(id)}
                    {inactive ? ' (inactive)' : ''}
                  </Text>
                  <CloseButton size="xs" aria-label={`Remove ${nameOf(id)}`} onClick={() => form.setFieldValue('SelectedFunds', selected.filter((x) => x !== id))} />
                </Group>
              );
            })}
          </Group>
        </Stack>
      )}

      {form.errors.SelectedFunds && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.SelectedFunds}
        </Text>
      )}

      <Stack gap="xs" role="group" aria-label="Funds">
        {shown.length === 0 && <Text c="dimmed">No funds match the filters.</Text>}
        {shown.map((f) => {
          const active = fundReceivesLeads(f, today);
          return (
            <Paper key={f.FundId} withBorder p="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Checkbox
                  checked={selected.includes(f.FundId)}
                  onChange={(e) => toggle(f, e.currentTarget.checked)}
                  label={f.Name}
                  description={`${f.CategoryLabel} · ${lobName(f.LineOfBusiness)} · ${price(f)}${f.IsLiveTransfer ? ' · Live transfer' : ''}`}
                />
                <Group gap="xs">
                  {!active && <Badge color="red">Inactive</Badge>}
                  <Button size="compact-sm" variant="subtle" onClick={() => setDescribed(f)} aria-label={`Description of ${f.Name}`}>
                    Description
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>

      <Modal opened={described !== null} onClose={() => setDescribed(null)} title={described?.Name ?? 'Fund'} centered>
        {described && (
          <Stack gap="sm">
            <Text size="sm">{described.Description || 'No description.'}</Text>
            <Text size="sm">
              {described.CategoryLabel} · {lobName(described.LineOfBusiness)} · Code {described.Code}
            </Text>
            <Text size="sm">Disputable: {described.DisputableStatus}</Text>
            <Text size="sm">Price: {price(described)}</Text>
            <Group justify="flex-end">
              <Button onClick={() => setDescribed(null)}>Close</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
