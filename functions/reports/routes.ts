// Route handlers of the reports area, keyed by manifest route id. Routes missing here answer 501.
// Grouped by what the reports read: the ledger (account summary, transaction history), the
// marketplace aggregates and items (performance, internal leads, open orders), and the pings.
import type { AreaRoutes } from '#platform/http.ts';
import { staffInsightRoutes } from './get-staff-insights.ts';
import { ledgerReportRoutes } from './ledger-report-routes.ts';
import { performanceReportRoutes } from './performance-report-routes.ts';
import { pingReportRoutes } from './ping-report-routes.ts';

export const routes: AreaRoutes = { ...ledgerReportRoutes, ...performanceReportRoutes, ...pingReportRoutes, ...staffInsightRoutes };
