// The API contract: every manifest route's schemas, keyed by route id (exhaustive: a route added to
// the manifest without its schemas does not compile).
import type { z } from 'zod';
import type { RouteId } from '../manifest.ts';
import { accountApi } from './account.ts';
import { addressApi } from './address.ts';
import { agentsApi } from './agents.ts';
import type { RouteContract } from './define.ts';
import { fundsApi } from './funds.ts';
import { meApi } from './me.ts';
import { campaignsApi } from './campaigns.ts';
import { contractsApi } from './contracts.ts';
import { ordersApi } from './orders.ts';
import { allLeadsApi } from './all-leads.ts';
import { disputesApi } from './disputes.ts';
import { myLeadsApi } from './leads.ts';
import { ledgerReportsApi } from './reports-ledger.ts';
import { performanceReportsApi } from './reports-performance.ts';
import { pingReportsApi } from './reports-ping.ts';
import { staffInsightsApi } from './staff-insights.ts';
import { priceFactorsApi } from './price-factors.ts';
import { rulesApi } from './rules.ts';
import { vendorsApi } from './vendors.ts';
import { authApi, intakeApi, salesApi } from './public.ts';
import { uploadsApi } from './uploads.ts';
import { webhooksApi } from './webhooks.ts';
import { partnerApi } from './partner.ts';
import { partnerDataApi } from './partner-data.ts';

export const API = {
  ...authApi,
  ...meApi,
  ...accountApi,
  ...agentsApi,
  ...ordersApi,
  ...fundsApi,
  ...campaignsApi,
  ...vendorsApi,
  ...myLeadsApi,
  ...allLeadsApi,
  ...disputesApi,
  ...ledgerReportsApi,
  ...performanceReportsApi,
  ...pingReportsApi,
  ...staffInsightsApi,
  ...rulesApi,
  ...contractsApi,
  ...priceFactorsApi,
  ...addressApi,
  ...salesApi,
  ...intakeApi,
  ...uploadsApi,
  ...webhooksApi,
  ...partnerApi,
  ...partnerDataApi,
} satisfies Record<RouteId, RouteContract>;

export type Api = typeof API;
export type ParamsIn<Id extends RouteId> = z.input<Api[Id]['params']>;
export type ParamsOf<Id extends RouteId> = z.output<Api[Id]['params']>;
export type QueryIn<Id extends RouteId> = z.input<Api[Id]['query']>;
export type QueryOf<Id extends RouteId> = z.output<Api[Id]['query']>;
export type BodyIn<Id extends RouteId> = z.input<Api[Id]['body']>;
export type BodyOf<Id extends RouteId> = z.output<Api[Id]['body']>;
export type ResponseOf<Id extends RouteId> = z.output<Api[Id]['response']>;

export function contractOf<Id extends RouteId>(id: Id): Api[Id] {
  return API[id];
}
