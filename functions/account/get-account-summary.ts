// GET /api/accountsummary: Home's Account Summary, Lead Intake and Calls Today numbers for the
// signed-in user's own agent account.
import { accountSummary } from '#core/money/account-summary.ts';
import { NotFound } from '#platform/errors.ts';
import { ok, route } from '#platform/http.ts';
import { centsToDollars } from '#shared/money.ts';

export const NO_AGENT_ACCOUNT = 'No agent account is linked to this user.';

export const getAccountSummary = route('account.summary', {
  handle: async ({ user }) => {
    // Staff have no account of their own; the admin home page shows no account cards.
    if (!user.agentId) throw new NotFound(NO_AGENT_ACCOUNT);
    const s = await accountSummary(user.agentId);
    return ok({
      AgentBalance: centsToDollars(s.balanceCents),
      TotalActiveOrder: s.activeOrders,
      TotalInactiveOrders: s.inactiveOrders,
      TotalPendingDisputes: s.pendingDisputes,
      TotalLeadsCapacityByHour: s.capacityPerHour,
      TotalLeadsCapacityByDay: s.capacityPerDay,
      TotalLeadsCapacityByWeek: s.capacityPerWeek,
      TotalLeadsCapacityByMonth: s.capacityPerMonth,
      TotalLeadsUsedByHour: s.usedPerHour,
      TotalLeadsUsedByDay: s.usedPerDay,
      TotalLeadsUsedByWeek: s.usedPerWeek,
      TotalLeadsUsedByMonth: s.usedPerMonth,
      TotalAcceptedCalls: s.acceptedCallsToday,
      TotalWonCalls: s.wonCallsToday,
    });
  },
});
