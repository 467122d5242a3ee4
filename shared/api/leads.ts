// My Leads (part 3 §2, §7): an agent's leads over a date range, and their exports (agent and admin view).
import { pending } from './define.ts';

export const myLeadsApi = {
  'leads.listForAgent': pending('leads.listForAgent'),
  'leads.agentExport': pending('leads.agentExport'),
  'leads.adminExport': pending('leads.adminExport'),
} as const;
