// POST /api/contracts: a new contract map with a ContractID no other map has (spec part 3 §5, §7, §8).
import { createContract } from '#core/catalogue/contract-maps.ts';
import { created, route } from '#platform/http.ts';
import { toContractDto } from './contract-shapes.ts';

export const postContract = route('contracts.create', {
  handle: async ({ body, user }) => created(toContractDto(await createContract(body, user))),
});
