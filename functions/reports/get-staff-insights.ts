// GET /api/reports/insights: the staff Home's marketplace per day (last 30 reporting days), the orders
// starving for leads and the unsold supply of the last 7 days (issue 12); CAN_VIEW_LC_REPORTS.
import { staffInsights, type MarketFigures } from '#core/reports/insights/staff-insights.ts';
import type { AreaRoutes } from '#platform/http.ts';
import { ok, route } from '#platform/http.ts';
import { centsToDollars } from '#shared/money.ts';

const figures = (m: MarketFigures & { fillRate: number | null; marginCents: number }) => ({
  LeadsReceived: m.received,
  LeadsSold: m.sold,
  FillRate: m.fillRate,
  Sales: m.sales,
  Revenue: centsToDollars(m.revenueCents),
  VendorCost: centsToDollars(m.vendorCostCents),
  Margin: centsToDollars(m.marginCents),
});

export const getStaffInsights = route('reports.insights', {
  handle: async () => {
    const i = await staffInsights();
    return ok({
      Days: i.days.map((d) => ({ Day: d.day, ...figures(d) })),
      Totals: figures(i.totals),
      StarvingOrders: i.starving.map((o) => ({
        OrderId: o.orderId,
        UserFacingOrderId: o.userFacingOrderId,
        AgentId: o.agentId,
        AgentName: o.agentName,
        LeadsLast7Days: o.leadsLast7Days,
        CapLast7Days: o.capLast7Days,
        FillPercent: o.fillPercent,
      })),
      UnsoldSupply: i.unsold.map((s) => ({ Campaign: s.campaign, Vendor: s.vendor, State: s.state, Received: s.received, Unsold: s.unsold })),
      CappedActiveOrders: i.cappedActiveOrders,
    });
  },
});

export const staffInsightRoutes: AreaRoutes = { 'reports.insights': getStaffInsights };
