// The API contract of the contract map (part 3 §2, §3, §4, §7).
import { z } from 'zod';
import { contractCreateSchema, contractUpdateSchema } from '../contracts.ts';
import { areaContract, built, idParam, noContent } from './define.ts';
import { auditFieldsSchema } from './revision.ts';

/** A contract map as GET contracts shows it (part 3 §3 Contract map). */
export const contractSchema = z
  .object({
    ContractKey: z.string(),
    ContractName: z.string(),
    ContractID: z.string(),
    CampaignID: z.string(),
    /** The campaign's name, for the cards and the table; empty when the campaign is gone. */
    CampaignName: z.string(),
    /** The call-center list id. */
    F9List: z.string(),
    CreatedDate: z.string(),
    LastModifiedDate: z.string(),
  })
  .extend(auditFieldsSchema.shape);
export type ContractDto = z.infer<typeof contractSchema>;

export const contractsApi = areaContract<'contracts'>()({
  'contracts.list': built({ response: z.array(contractSchema) }),
  'contracts.create': built({ body: contractCreateSchema, response: contractSchema, status: 201 }),
  'contracts.update': built({ body: contractUpdateSchema, response: contractSchema }),
  'contracts.delete': built({ params: z.object({ contractKey: idParam('Contract key') }), response: noContent, status: 204 }),
});
