// Account-area route handlers of the e-mail and SMS alerts (issue 23; see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { getAlertSettings } from './get-alert-settings.ts';
import { setSmsNumberRoute, verifySmsNumberRoute } from './sms-number.ts';
import { unsubscribeAlerts } from './unsubscribe-alerts.ts';
import { updateAlertSettingsRoute } from './update-alert-settings.ts';

export const alertSettingsRoutes: AreaRoutes = {
  'account.alertSettings': getAlertSettings,
  'account.updateAlertSettings': updateAlertSettingsRoute,
  'account.setSmsNumber': setSmsNumberRoute,
  'account.verifySmsNumber': verifySmsNumberRoute,
  'account.unsubscribeAlerts': unsubscribeAlerts,
};
