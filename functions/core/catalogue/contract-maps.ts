// The contract map (spec part 3 §3, §4, §5): call-center contracts mapped to campaigns. A ContractID
// belongs to one map only: its uniqueness guard is written in the same transaction as the map (also
// when the ID changes), so two people saving the same ID at once cannot both succeed. Every change is
// written under the revision the editor read (409 when stale).
import { randomUUID } from 'node:crypto';
import { transactWrite } from '#platform/db.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { atRevision, firstRevision, nextRevision, staleEdit } from '#platform/revision.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { Campaign } from '#entities/campaign.ts';
import { ContractMap } from '#entities/contract-map.ts';
import { changeUniqueTx, claimUniqueTx, releaseUniqueTx } from '#entities/unique-value.ts';
import { CONTRACT_MESSAGES, type ContractCreate, type ContractUpdate } from '#shared/contracts.ts';
import { LEAD_TYPES } from '#shared/lookups.ts';

type Editor = Pick<SessionUser, 'email'>;

const duplicate = () => new ValidationFailed(CONTRACT_MESSAGES.duplicateContractId);

/** Every map (#77), oldest first, with the names of their campaigns (#48). */
export async function listContracts(): Promise<{ contract: ContractMap; campaignName: string }[]> {
  const [contracts, campaigns] = await Promise.all([ContractMap.query.all().all({ consistent: true }), Campaign.query.byName().all()]);
  const names = new Map(campaigns.map((c) => [c.campaignId, c.name]));
  return contracts
    .sort((a, b) => a.createdDate.localeCompare(b.createdDate) || a.contractKey.localeCompare(b.contractKey))
    .map((contract) => ({ contract, campaignName: names.get(contract.campaignId) ?? '' }));
}

async function campaignNameOf(campaignId: string): Promise<string> {
  const campaign = await Campaign.get({ campaignId });
  if (!campaign) throw new ValidationFailed(CONTRACT_MESSAGES.unknownCampaign);
  return campaign.name;
}

/** POST contracts: a new map with its ContractID guard (#79). */
export async function createContract(input: ContractCreate, user: Editor, now = new Date()) {
  const campaignName = await campaignNameOf(input.CampaignID);
  const contract: ContractMap = {
    contractKey: randomUUID(),
    contractName: input.ContractName,
    contractId: input.ContractID,
    campaignId: input.CampaignID,
    f9List: input.F9List,
    createdDate: now.toISOString(),
    ...firstRevision(user, now),
  };
  await transactWrite([
    ContractMap.createTx(contract),
    claimUniqueTx('CONTRACT_ID', contract.contractId, contract.contractKey, duplicate),
  ]);
  return { contract, campaignName };
}

async function readContract(contractKey: string): Promise<ContractMap> {
  const contract = await ContractMap.get({ contractKey }, { consistent: true });
  if (!contract) throw new NotFound(CONTRACT_MESSAGES.notFound);
  return contract;
}

/** PUT contracts: the map as edited; a changed ContractID moves its guard in the same transaction. */
export async function updateContract(input: ContractUpdate, user: Editor, now = new Date()) {
  const current = await readContract(input.ContractKey);
  if (current.revision !== input.Revision) throw staleEdit();
  const campaignName = await campaignNameOf(input.CampaignID);
  const contract: ContractMap = {
    ...current,
    contractName: input.ContractName,
    contractId: input.ContractID,
    campaignId: input.CampaignID,
    f9List: input.F9List,
    ...nextRevision(user, input.Revision, now),
  };
  // The map comes first, so a stale edit is reported as such even when its ID is also taken.
  await transactWrite([
    ContractMap.putTx(contract, atRevision(input.Revision)),
    ...changeUniqueTx('CONTRACT_ID', current.contractId, contract.contractId, contract.contractKey, duplicate),
  ]);
  return { contract, campaignName };
}

/** DELETE contracts/{contractKey}: the map and its ContractID guard, together. */
export async function deleteContract(contractKey: string): Promise<void> {
  const current = await readContract(contractKey);
  await transactWrite([
    ContractMap.deleteTx({ contractKey }, { condition: { expression: 'attribute_exists(pk)' }, orFail: () => new NotFound(CONTRACT_MESSAGES.notFound) }),
    releaseUniqueTx('CONTRACT_ID', current.contractId, contractKey),
  ]);
}

export type LineOfBusinessName = (typeof LEAD_TYPES)[number]['Name'];

/**
 * The map of a contract number and the line of business of its campaign (#78): what the public
 * forms' GET sales/lob/{contractNumber} answers. Undefined when no map has that ContractID.
 */
export async function contractByNumber(contractId: string): Promise<{ contract: ContractMap; campaign?: Campaign; lineOfBusiness?: LineOfBusinessName } | undefined> {
  if (!contractId.trim()) return undefined;
  const contract = await ContractMap.query.byContractId(contractId).first();
  if (!contract) return undefined;
  const campaign = await Campaign.get({ campaignId: contract.campaignId });
  const lineOfBusiness = campaign ? LEAD_TYPES.find((t) => t.Id === campaign.lob)?.Name : undefined;
  return { contract, ...(campaign ? { campaign } : {}), ...(lineOfBusiness ? { lineOfBusiness } : {}) };
}
