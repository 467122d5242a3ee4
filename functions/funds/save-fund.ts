// POST /api/fund and PUT /api/fund: the New Fund and Edit Fund saves (spec part 3 §5 Fund form). The
// body was parsed with the form's own schema; the domain adds the date, code and agent checks.
import { createFund, updateFund } from '#core/catalogue/funds/fund-admin.ts';
import { ok, route } from '#platform/http.ts';
import { toFundDetail } from './fund-shapes.ts';

export const postFund = route('funds.create', {
  handle: async ({ user, body }) => ok(toFundDetail(await createFund(user, body))),
});

export const putFund = route('funds.update', {
  handle: async ({ user, body }) => ok(toFundDetail(await updateFund(user, body))),
});
