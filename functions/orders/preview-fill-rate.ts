// POST /api/agent/{agentId}/orders/fillRatePreview: the wizard's draft answered with its expected leads
// per week and their basis (issue 12 Insights). Who may ask is the manifest's (the agent, or staff
// who may see or edit agents); nothing is written.
import { previewFillRate } from '#core/orders/fill-rate.ts';
import { ok, route } from '#platform/http.ts';

export const postFillRatePreview = route('orders.fillRatePreview', { handle: async ({ params, body }) => ok(await previewFillRate(params.agentId, body)) });
