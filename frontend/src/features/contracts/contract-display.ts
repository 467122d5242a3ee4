// What the Contract Map shows and checks (spec part 3 §2, §3, §5): timestamps with a dash when empty
// or year 1, the campaigns of the Campaign dropdown, and a card's validation (the shared schema, then
// the Contract ID against every other map).
import { schemaResolver } from '@mantine/form';
import type { ResponseOf } from '#shared/api/index.ts';
import { CONTRACT_MESSAGES, contractCreateSchema, hasDuplicateContractId, type ContractCreateIn } from '#shared/contracts.ts';
import { formatDateTime } from '@/components/date-time.ts';

export type ContractValues = Required<ContractCreateIn>;
export interface CampaignChoice {
  value: string;
  label: string;
}

/** A created or last-modified time; '-' when empty, unreadable or in year 1 (the spec's "no date"). */
export function timestampText(value: string | null | undefined): string {
  if (!value) return '-';
  const time = new Date(value);
  if (Number.isNaN(time.getTime()) || time.getUTCFullYear() <= 1) return '-';
  return formatDateTime(time, null);
}

/** Every campaign by name, for the dropdown (a map may point at a campaign that is not current). */
export function campaignChoices(campaigns: ResponseOf<'campaigns.list'>): CampaignChoice[] {
  return [...campaigns]
    .sort((a, b) => a.Name.localeCompare(b.Name) || a.Code.localeCompare(b.Code))
    .map((c) => ({ value: c.CampaignId, label: c.Name }));
}

const resolveSchema = schemaResolver(contractCreateSchema, { sync: true });

/**
 * A card's errors by field: the server's schema ('Missing required fields.' and the limits), then
 * 'Duplicate Campaign ID.' when another map already has the Contract ID. `key` is the card's own map
 * ('' for a new one), so a map never clashes with itself.
 */
export function contractCardErrors(values: ContractValues, key: string, others: readonly { ContractKey: string; ContractID: string }[]): Record<string, string> {
  const errors: Record<string, string> = { ...(resolveSchema(values) as Record<string, string>) };
  const entries = others.map((o) => ({ key: o.ContractKey, contractId: o.ContractID }));
  if (!errors.ContractID && hasDuplicateContractId(entries, { key, contractId: values.ContractID })) errors.ContractID = CONTRACT_MESSAGES.duplicateContractId;
  return errors;
}

/** The card's messages, each once, in field order ('Missing required fields.' is said once for all). */
export function cardMessages(errors: Record<string, unknown>): string[] {
  const order = ['ContractName', 'ContractID', 'CampaignID', 'F9List'];
  const messages = order.map((field) => errors[field]).filter((m): m is string => typeof m === 'string' && m.length > 0);
  return [...new Set(messages)];
}
