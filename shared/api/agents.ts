// The agents area's calls (parts 1, 2, 3 §7): the agent list, one agent, basic info and the export.
import { z } from 'zod';
import { agentUpdateSchema } from '../agent-admin.ts';
import { agentExportQuerySchema, agentListQuerySchema } from '../agent-list.ts';
import { accountSchema } from './account.ts';
import { agentIdParam, areaContract, built, downloadLink, idParam } from './define.ts';

const agentType = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const agentStatus = z.union([z.literal(0), z.literal(1)]);

/** One row of the agent list (part 1 §3 Agent list row, part 3 §3 Agent); money in dollars. */
export const agentListRowSchema = z.object({
  AgentId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  /** UTC ISO time or null. */
  LastLoginDateTime: z.string().nullable(),
  LastLeadDateTime: z.string().nullable(),
  CurrentBalance: z.number(),
  ParentAgentId: z.string().nullable(),
  Status: agentStatus,
  StatusName: z.string(),
  Type: agentType,
  TypeName: z.string(),
  /** Present only for callers holding CAN_VIEW_EDIT_AGENT_PRIORITY. */
  Priority: z.number().optional(),
  /** Present only for callers holding CAN_VIEW_EDIT_AGENT_CREDIT_LINE. */
  CreditLine: z.number().optional(),
});
export type AgentListRow = z.infer<typeof agentListRowSchema>;

export const agentListPageSchema = z.object({
  Results: z.array(agentListRowSchema),
  Metadata: z.object({ TotalPages: z.number(), TotalCount: z.number(), PageNumber: z.number(), PageSize: z.number() }),
});
export type AgentListPage = z.infer<typeof agentListPageSchema>;

/**
 * GET /api/agent for an agent without My Team or Agents (reached through CAN_CREATE_ORDERS, which order
 * distribution needs): their own downline as part 2 §3 "Agent (for distribution)" lists it (ids, names,
 * parent and status: only active agents are offered, and Show Direct Reports Only narrows by parent),
 * no balances or activity.
 */
export const agentDistributionPageSchema = z.object({
  Results: z.array(agentListRowSchema.pick({ AgentId: true, FirstName: true, LastName: true, ParentAgentId: true, Status: true }).strict()),
  Metadata: agentListPageSchema.shape.Metadata,
});
export type AgentDistributionPage = z.infer<typeof agentDistributionPageSchema>;

/** `GET /api/agent/{agentId}/basicinfo` answers a list (part 2 §7). */
export const agentBasicInfoSchema = z.object({ AgentId: z.string(), FirstName: z.string(), LastName: z.string() });
export type AgentBasicInfo = z.infer<typeof agentBasicInfoSchema>;

/** One agent as the admin view reads it (part 3 §3 Agent): the account plus contact and hierarchy. */
export const agentDetailsSchema = accountSchema.omit({ Priority: true, CreditLine: true }).extend({
  ParentAgentId: z.string().nullable(),
  StatusName: z.string(),
  TypeName: z.string(),
  EmailAddress: z.string(),
  Address1: z.string(),
  City: z.string(),
  State: z.string(),
  Priority: z.number().optional(),
  CreditLine: z.number().optional(),
});
export type AgentDetails = z.infer<typeof agentDetailsSchema>;

const agentParams = z.object({ agentId: agentIdParam });

/** One row of the account status audit (part 3 §3), newest first. */
export const statusAuditRowSchema = z.object({
  /** UTC ISO time. */
  UpdateDate: z.string(),
  StatusType: z.enum(['Global', 'LiveTransfer', 'ThirdParty']),
  PreviousStatus: z.enum(['active', 'paused']),
  NewStatus: z.enum(['active', 'paused']),
  /** The user id of whoever changed it (the agent themself, or staff). */
  UpdatedBy: z.string(),
});
export type StatusAuditRow = z.infer<typeof statusAuditRowSchema>;

/**
 * An agents CSV export runs as a job (issue 9): Pending until the job claims it, Running while it reads
 * the directory and writes the file, then Succeeded (the file is in the exports bucket) or Failed.
 */
export const AGENT_EXPORT_STATUSES = ['Pending', 'Running', 'Succeeded', 'Failed'] as const;
export type AgentExportStatus = (typeof AGENT_EXPORT_STATUSES)[number];
export const isExportFinished = (status: AgentExportStatus) => status === 'Succeeded' || status === 'Failed';

/** What GET agent/export answers (202): the export's id, to poll GET exports/{exportId} with. */
export const agentExportStartedSchema = z.object({ ExportId: z.string(), Status: z.enum(AGENT_EXPORT_STATUSES) });
export type AgentExportStarted = z.infer<typeof agentExportStartedSchema>;

/** An export as its requester polls it; the five-minute download link appears once it Succeeded. */
export const agentExportStatusSchema = z.object({
  ExportId: z.string(),
  Status: z.enum(AGENT_EXPORT_STATUSES),
  /** Agents the file holds (known once the job has read the directory), and how many are written so far. */
  Rows: z.number().nullable(),
  RowsDone: z.number(),
  /** Why the export failed, in words for the page; null unless Failed. */
  Message: z.string().nullable(),
  Download: downloadLink.nullable(),
});
export type AgentExportStatusDto = z.infer<typeof agentExportStatusSchema>;

export const exportIdParam = idParam('Export id');

export const agentsApi = areaContract<'agents'>()({
  'agents.list': built({ query: agentListQuerySchema, response: z.union([agentListPageSchema, agentDistributionPageSchema]) }),
  'agents.get': built({ params: agentParams, response: agentDetailsSchema }),
  'agents.basicInfo': built({ params: agentParams, response: z.array(agentBasicInfoSchema) }),
  'agents.update': built({ body: agentUpdateSchema, response: agentDetailsSchema }),
  'agents.statusAudit': built({ params: agentParams, response: z.array(statusAuditRowSchema) }),
  'agents.export': built({ query: agentExportQuerySchema, response: agentExportStartedSchema, status: 202 }),
  'agents.exportStatus': built({ params: z.object({ exportId: exportIdParam }), response: agentExportStatusSchema }),
});
