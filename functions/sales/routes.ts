// Route handlers of the sales area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { createEmployerLead, createSalesLead } from './create-lead.ts';
import { getLob } from './get-lob.ts';
import { getLocation } from './get-location.ts';

export const routes: AreaRoutes = {
  'sales.lob': getLob,
  'sales.location': getLocation,
  'sales.lead': createSalesLead,
  'sales.employer': createEmployerLead,
};
