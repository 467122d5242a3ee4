// Route handlers of the intake area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { getApiDocument, getOpenApi } from './get-openapi.ts';
import { postLead } from './post-lead.ts';
import { postPing } from './post-ping.ts';

export const routes: AreaRoutes = {
  'intake.postLead': postLead,
  'intake.ping': postPing,
  'intake.openapi': getOpenApi,
  'intake.apiDocument': getApiDocument,
};
