// Route handlers of the priceFactors area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { importPriceFactorsRoute } from './import-price-factors.ts';
import { listPriceFactorsRoute } from './list-price-factors.ts';

export const routes: AreaRoutes = {
  'priceFactors.list': listPriceFactorsRoute,
  'priceFactors.bulkImport': importPriceFactorsRoute,
};
