// Ping History (part 3 §2, §3, §7): the live-transfer pings of a campaign and vendor, paged, and its export.
import { pending } from './define.ts';

export const pingReportsApi = {
  'reports.pingHistory': pending('reports.pingHistory'),
  'reports.pingHistoryExport': pending('reports.pingHistoryExport'),
} as const;
