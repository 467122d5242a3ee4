// Route handlers of the contracts area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { postContract } from './create-contract.ts';
import { deleteContractByKey } from './delete-contract.ts';
import { getContracts } from './list-contracts.ts';
import { putContract } from './update-contract.ts';

export const routes: AreaRoutes = {
  'contracts.list': getContracts,
  'contracts.create': postContract,
  'contracts.update': putContract,
  'contracts.delete': deleteContractByKey,
};
