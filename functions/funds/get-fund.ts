// GET /api/fund/{fundId}: one fund for the Edit Fund form, with its agents and campaign vendors.
import { fundDetail, requireFund } from '#core/catalogue/funds/fund-admin.ts';
import { ok, route } from '#platform/http.ts';
import { toFundDetail } from './fund-shapes.ts';

export const getFund = route('funds.get', {
  handle: async ({ params }) => ok(toFundDetail(await fundDetail(await requireFund(params.fundId)))),
});
