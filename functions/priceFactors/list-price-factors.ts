// GET /api/PriceFactors: the whole set (admin only), by Key then Min; the browser pages it 20 at a time.
import { listPriceFactors, toDto } from '#core/catalogue/price-factors/price-factor-store.ts';
import { ok, route } from '#platform/http.ts';

export const listPriceFactorsRoute = route('priceFactors.list', {
  handle: async () => ok((await listPriceFactors()).map(toDto)),
});
