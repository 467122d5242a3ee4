// Route handlers of the me area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { getConfigs, getFeatureFlags } from './get-configs.ts';
import { getLookup, listCrmLob, listLeadTypes } from './get-lookup.ts';
import { getMe } from './get-me.ts';
import { getNotifications, seeLeads } from './notifications.ts';

export const routes: AreaRoutes = {
  'me.get': getMe,
  'me.configs': getConfigs,
  'me.featureFlags': getFeatureFlags,
  'me.lookup': getLookup,
  'me.leadTypes': listLeadTypes,
  'me.crmLob': listCrmLob,
  'me.notifications': getNotifications,
  'me.seeLeads': seeLeads,
};
