// A contract map (spec part 3 §3): a call-center contract's number mapped to the campaign its leads
// belong to (the public sales forms find their line of business through it) and its call-center list.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';

export const ContractMap = defineEntity({
  entity: 'ContractMap',
  version: 1,
  schema: z.object({
    contractKey: z.string(),
    contractName: z.string(),
    /** The contract number the public forms carry (ContractID); unique, case-insensitively. */
    contractId: z.string(),
    campaignId: z.string(),
    /** The call-center (F9) list id; may be empty. */
    f9List: z.string(),
    createdDate: z.string(),
    revision: z.number().int().min(1),
    modifiedBy: z.string(),
    lastUpdated: z.string(),
  }),
  /** contract map by key */
  key: (c: { contractKey: string }) => ({ pk: 'CONTRACTS', sk: `CONTRACT#${c.contractKey}` }),
  indexes: {
    /** contract by ContractID (#78: the public forms' GET sales/lob/{contractNumber}) */
    byContractId: {
      index: 'gsi1',
      attributes: ['contractId'],
      key: (c) => ({ pk: `CONTRACT_ID#${lower(c.contractId)}`, sk: 'CONTRACT' }),
      query: (contractId: string) => ({ pk: `CONTRACT_ID#${lower(contractId)}` }),
    },
  },
  queries: {
    /** every contract map (#77) */
    all: () => ({ pk: 'CONTRACTS', sk: { beginsWith: 'CONTRACT#' } }),
  },
});
export type ContractMap = z.infer<typeof ContractMap.schema>;
