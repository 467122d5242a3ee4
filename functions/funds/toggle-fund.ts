// PATCH /api/fund/enable/{fundId} and /api/fund/disable/{fundId}: switch a fund on or off, with a
// fund history row in the same transaction.
import { setFundActive } from '#core/catalogue/funds/fund-admin.ts';
import { ok, route } from '#platform/http.ts';
import { toFundState } from './fund-shapes.ts';

export const enableFund = route('funds.enable', {
  handle: async ({ user, params, body }) => ok(toFundState(await setFundActive(user, params.fundId, true, body?.Revision))),
});

export const disableFund = route('funds.disable', {
  handle: async ({ user, params, body }) => ok(toFundState(await setFundActive(user, params.fundId, false, body?.Revision))),
});
