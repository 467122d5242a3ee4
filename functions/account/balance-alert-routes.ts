// Account-area route handlers of the low-balance alert and auto-recharge (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { getBalanceAlerts } from './get-balance-alerts.ts';
import { rechargeCardForm, saveRechargeCardRoute } from './recharge-card.ts';
import { updateBalanceAlerts } from './update-balance-alerts.ts';

export const balanceAlertRoutes: AreaRoutes = {
  'account.balanceAlerts': getBalanceAlerts,
  'account.updateBalanceAlerts': updateBalanceAlerts,
  'account.rechargeCardForm': rechargeCardForm,
  'account.saveRechargeCard': saveRechargeCardRoute,
};
