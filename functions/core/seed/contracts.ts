// Demo contract maps (spec part 3 §3): call-center contracts of several lines of business mapped to
// their campaigns, one without a call-center list, each with its ContractID guard.
import { ContractMap } from '#entities/contract-map.ts';
import { UniqueValue } from '#entities/unique-value.ts';
import { lower } from '#platform/item-key.ts';
import { stableId } from './ids.ts';

const SEEDED_BY = 'seed@leadportal.example.com';
const DAY_MS = 86_400_000;

const CONTRACTS = [
  { name: 'Medicare Call Center East', contractId: 'MCE-1001', campaign: 'MIB', f9List: 'F9-2201' },
  { name: 'Health Web Intake', contractId: 'HWI-2040', campaign: 'HWL', f9List: '' },
  { name: 'Life Quotes Partner', contractId: 'LQP-3300', campaign: 'LQ', f9List: 'F9-3310' },
  { name: 'Employer Group Desk', contractId: 'EGD-4100', campaign: 'EMR', f9List: 'F9-4105' },
];

export function buildContracts(today: Date): ContractMap[] {
  return CONTRACTS.map((c, i) => ({
    contractKey: stableId('contract', c.contractId),
    contractName: c.name,
    contractId: c.contractId,
    campaignId: stableId('campaign', c.campaign),
    f9List: c.f9List,
    createdDate: new Date(today.getTime() - (45 - i * 5) * DAY_MS).toISOString(),
    revision: 1,
    modifiedBy: SEEDED_BY,
    lastUpdated: new Date(today.getTime() - (45 - i * 5) * DAY_MS).toISOString(),
  }));
}

/** The seed's items: each map and the guard that keeps its ContractID unique. */
export function contractItems(today: Date): Record<string, unknown>[] {
  return buildContracts(today).flatMap((c) => [
    ContractMap.toItem(c),
    UniqueValue.toItem({ kind: 'CONTRACT_ID', value: lower(c.contractId), ownerId: c.contractKey }),
  ]);
}
