// GET /api/fund/fundHistory/{fundId} and /api/fund/fundCampaignVendorHistory/{fundId}: the Funds
// Summary's expanded row, newest first (the browser pages them, 15 a page).
import { fundHistory, fundMakeupHistory } from '#core/catalogue/funds/fund-admin.ts';
import { ok, route } from '#platform/http.ts';
import { toFundHistoryRow, toFundMakeupRow } from './fund-shapes.ts';

export const getFundHistory = route('funds.history', {
  handle: async ({ params }) => ok((await fundHistory(params.fundId)).map(toFundHistoryRow)),
});

export const getFundMakeupHistory = route('funds.makeupHistory', {
  handle: async ({ params }) => ok((await fundMakeupHistory(params.fundId)).map(toFundMakeupRow)),
});
