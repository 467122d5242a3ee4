// GET /api/agent/{agentId}/orderstatusaudit (spec part 2 §7, part 3 §3, §7): the agent's account
// status audit, newest first: which intake status changed, from what to what, when and by whom.
import { listStatusAudit } from '#core/directory/agent-statuses.ts';
import { ok, route } from '#platform/http.ts';

export const listAgentStatusAudit = route('agents.statusAudit', {
  handle: async ({ params }) => {
    const rows = await listStatusAudit(params.agentId);
    return ok(
      rows.map((r) => ({
        UpdateDate: r.updateDate,
        StatusType: r.statusType,
        PreviousStatus: r.previousStatus,
        NewStatus: r.newStatus,
        UpdatedBy: r.updatedBy,
      })),
    );
  },
});
