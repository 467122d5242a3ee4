// My Leads' advanced filter drawer (part 3 §2, §5): lead ID (digits only, up to 9), phone (digits only,
// masked (999) 999-9999), names, state, fund (hidden in fund preview), campaign and vendor (admin view
// or fund preview), dispute status. The fund, campaign and vendor choices are those of the range's
// leads, from the server. Apply hands the filters to the page, which applies them after its 1 s delay.
import { Button, Drawer, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DISPUTE_STATUS_VALUES } from '#shared/api/disputes.ts';
import type { LeadFilters } from '#shared/api/leads.ts';
import { US_STATES } from '#shared/lookups.ts';
import type { AgentLeadsPage } from './api/get-agent-leads.ts';

/** Digits typed into the phone field, shown with the spec's mask as far as they go. */
export function maskPhone(digits: string): string {
  const d = digits.slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

const digitsOnly = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);
const orUndefined = (text: string | null | undefined) => (text && text.trim() !== '' ? text.trim() : undefined);

interface LeadFiltersDrawerProps {
  opened: boolean;
  onClose: () => void;
  applied: LeadFilters;
  onApply: (filters: LeadFilters) => void;
  choices: AgentLeadsPage['Choices'] | undefined;
  showSource: boolean;
  fundPreview: boolean;
}

export function LeadFiltersDrawer(props: LeadFiltersDrawerProps) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} title="Advanced Filters" position="right" size="sm">
      {/* Mounted while open, so each opening starts from the applied filters. */}
      {props.opened && <FilterForm {...props} />}
    </Drawer>
  );
}

function FilterForm({ onClose, applied, onApply, choices, showSource, fundPreview }: LeadFiltersDrawerProps) {
  const [draft, setDraft] = useState<LeadFilters>(applied);
  const set = (patch: Partial<LeadFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const options = (list: { Id: string; Name: string }[] | undefined) => (list ?? []).map((c) => ({ value: c.Id, label: c.Name }));

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onApply(Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined && v !== '')) as LeadFilters);
        onClose();
      }}
    >
      <Stack gap="sm">
        <TextInput label="Lead ID" inputMode="numeric" value={draft.leadId ?? ''} onChange={(e) => set({ leadId: orUndefined(digitsOnly(e.currentTarget.value, 9)) })} />
        <TextInput
          label="Phone"
          inputMode="tel"
          placeholder="(999) 999-9999"
          value={maskPhone(draft.phone ?? '')}
          onChange={(e) => set({ phone: orUndefined(digitsOnly(e.currentTarget.value, 10)) })}
        />
        <TextInput label="First Name" maxLength={50} value={draft.firstName ?? ''} onChange={(e) => set({ firstName: e.currentTarget.value || undefined })} />
        <TextInput label="Last Name" maxLength={50} value={draft.lastName ?? ''} onChange={(e) => set({ lastName: e.currentTarget.value || undefined })} />
        <Select
          label="State"
          clearable
          searchable
          data={US_STATES.map((s) => ({ value: s.StateAbbreviation, label: `${s.StateName} (${s.StateAbbreviation})` }))}
          value={draft.state ?? null}
          onChange={(state) => set({ state: state ?? undefined })}
        />
        {!fundPreview && (
          <Select label="Fund" clearable data={options(choices?.Funds)} value={draft.fundId ?? null} onChange={(fundId) => set({ fundId: fundId ?? undefined })} />
        )}
        {showSource && (
          <>
            <Select label="Campaign" clearable data={options(choices?.Campaigns)} value={draft.campaignId ?? null} onChange={(campaignId) => set({ campaignId: campaignId ?? undefined })} />
            <Select label="Vendor" clearable data={options(choices?.Vendors)} value={draft.vendorId ?? null} onChange={(vendorId) => set({ vendorId: vendorId ?? undefined })} />
          </>
        )}
        <Select
          label="Dispute Status"
          clearable
          data={[...DISPUTE_STATUS_VALUES]}
          value={draft.disputeStatus ?? null}
          onChange={(status) => set({ disputeStatus: (status as LeadFilters['disputeStatus']) ?? undefined })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setDraft({})}>
            Clear
          </Button>
          <Button type="submit">Apply</Button>
        </Group>
      </Stack>
    </form>
  );
}
