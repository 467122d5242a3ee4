// Contract maps as the API shows them (spec part 3 §3): PascalCase, with the campaign's name.
import type { ContractMap } from '#entities/contract-map.ts';
import type { ContractDto } from '#shared/api/contracts.ts';

export function toContractDto({ contract, campaignName }: { contract: ContractMap; campaignName: string }): ContractDto {
  return {
    ContractKey: contract.contractKey,
    ContractName: contract.contractName,
    ContractID: contract.contractId,
    CampaignID: contract.campaignId,
    CampaignName: campaignName,
    F9List: contract.f9List,
    CreatedDate: contract.createdDate,
    LastModifiedDate: contract.lastUpdated,
    ModifiedBy: contract.modifiedBy,
    LastUpdated: contract.lastUpdated,
    Revision: contract.revision,
  };
}
