// PUT /api/contracts: a contract map as edited, under the revision read (spec part 3 §4, §5, §7).
import { updateContract } from '#core/catalogue/contract-maps.ts';
import { ok, route } from '#platform/http.ts';
import { toContractDto } from './contract-shapes.ts';

export const putContract = route('contracts.update', {
  handle: async ({ body, user }) => ok(toContractDto(await updateContract(body, user))),
});
