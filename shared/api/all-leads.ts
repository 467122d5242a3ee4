// All Leads (part 3 §2, §7): every lead by month, server-paged, its export, and one lead with its trace.
import { pending } from './define.ts';

export const allLeadsApi = {
  'leads.table': pending('leads.table'),
  'leads.tableExport': pending('leads.tableExport'),
  'leads.detail': pending('leads.detail'),
} as const;
