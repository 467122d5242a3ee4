// Route handlers of the account area, keyed by manifest route id. Routes missing here answer 501.
// The area is large, so its handlers are grouped: money movement and history, the agent's own
// settings and statuses, and card payments.
import type { AreaRoutes } from '#platform/http.ts';
import { insightRoutes } from './insight-routes.ts';
import { balanceAlertRoutes } from './balance-alert-routes.ts';
import { alertSettingsRoutes } from './alert-settings-routes.ts';
import { moneyRoutes } from './money-routes.ts';
import { paymentRoutes } from './payment-routes.ts';
import { settingsRoutes } from './settings-routes.ts';

export const routes: AreaRoutes = { ...moneyRoutes, ...settingsRoutes, ...paymentRoutes, ...insightRoutes, ...balanceAlertRoutes, ...alertSettingsRoutes };
