// One agents CSV export (My Team and the Agents page, issue 9): created Pending by GET agent/export
// with everything the job needs, the viewer's scope and column rights as the requesting session had
// them, so the job never asks the client or the current user record; claimed by the agentExport job
// (Running, with a lease, so a redelivered S3 notification finds it taken); finished Succeeded with
// the file's key, or Failed. Deleted by DynamoDB a day after it was requested.
import { z } from 'zod';
import { AGENT_EXPORT_STATUSES } from '#shared/api/agents.ts';
import { AGENT_SORT_COLUMNS } from '#shared/agent-list.ts';
import { defineEntity } from '#platform/entity.ts';

export const AgentExport = defineEntity({
  entity: 'AgentExport',
  version: 1,
  schema: z.object({
    exportId: z.string(),
    /** The requesting user: the only one who may read the export and its file. */
    userId: z.string(),
    /** Whose agents: every agent (staff) or one agent's downline. */
    scope: z.discriminatedUnion('kind', [z.object({ kind: z.literal('all') }), z.object({ kind: z.literal('downline'), ancestorId: z.string() })]),
    canSeePriority: z.boolean(),
    canSeeCreditLine: z.boolean(),
    /** Managers' layout: no status, type, priority, credit line or termination date. */
    reduced: z.boolean(),
    /** The IANA zone the file's times are written in (the agent's own, Central for staff). */
    ianaZone: z.string(),
    /** The table's filters and sort as the request named them, parsed. */
    filters: z.object({ agentId: z.string().optional(), firstName: z.string().optional(), lastName: z.string().optional() }),
    sort: z.object({ column: z.enum(AGENT_SORT_COLUMNS), descending: z.boolean() }),
    /** The name the file downloads under, fixed at the request (the day is the request's). */
    fileName: z.string(),
    status: z.enum(AGENT_EXPORT_STATUSES),
    createdAt: z.string(),
    /** The job's claim: until this time no other delivery of the notification may run the export. */
    claimToken: z.string().optional(),
    claimedUntil: z.string().optional(),
    /** Agents in the file (known once the directory is read) and rows written so far. */
    rows: z.number().int().nonnegative().optional(),
    rowsDone: z.number().int().nonnegative(),
    /** The CSV in the exports bucket, once Succeeded. */
    fileKey: z.string().optional(),
    finishedAt: z.string().optional(),
    /** Epoch seconds: DynamoDB removes the record a day after the request. */
    ttl: z.number().int(),
  }),
  key: (e: { exportId: string }) => ({ pk: `EXPORT#${e.exportId}`, sk: 'EXPORT' }),
});
export type AgentExport = z.infer<typeof AgentExport.schema>;
