// DELETE /api/contracts/{contractKey}: a contract map and its ContractID guard (spec part 3 §7).
import { deleteContract } from '#core/catalogue/contract-maps.ts';
import { noContent, route } from '#platform/http.ts';

export const deleteContractByKey = route('contracts.delete', {
  handle: async ({ params }) => {
    await deleteContract(params.contractKey);
    return noContent();
  },
});
