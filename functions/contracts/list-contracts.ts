// GET /api/contracts: every contract map (spec part 3 §2, §7).
import { listContracts } from '#core/catalogue/contract-maps.ts';
import { ok, route } from '#platform/http.ts';
import { toContractDto } from './contract-shapes.ts';

export const getContracts = route('contracts.list', { handle: async () => ok((await listContracts()).map(toContractDto)) });
