// My Team's table state in the URL (the server-table kit): page, sort column and direction, and the
// three column filters, so a reload, a shared link or the back button shows the same rows.
import { filterSearch, pageSearchSchema, sortSearchSchema } from '@/components/server-table.ts';
import { AGENT_SORT_COLUMNS } from '#shared/agent-list.ts';
import type { z } from 'zod';

export const TEAM_FILTER_KEYS = ['AgentId', 'FirstName', 'LastName'] as const;

export const teamSearchSchema = pageSearchSchema
  .extend(sortSearchSchema(AGENT_SORT_COLUMNS, 'LastName').shape)
  .extend({ AgentId: filterSearch, FirstName: filterSearch, LastName: filterSearch });

export type TeamSearch = z.infer<typeof teamSearchSchema>;
