// The agents CSV export as a job (My Team and the Agents page, issue 9; docs/api.md "Agent exports"):
// the request records the export with the requesting session's scope and column rights and drops a
// small trigger object under `export-requests/` in the uploads bucket, whose S3 notification starts
// the agentExport job; the job claims the record with one conditional write (so a redelivered
// notification does nothing), writes the CSV to the exports bucket chunk by chunk, recording its
// progress, and finishes the record; the page polls the status and downloads the file by a
// five-minute link. No answer carries the file, so none comes near Lambda's 6 MB limit.
import { randomUUID } from 'node:crypto';
import { JOBS } from '#shared/manifest.ts';
import type { AgentExportStarted, AgentExportStatusDto } from '#shared/api/agents.ts';
import { AgentExport } from '#entities/agent-export.ts';
import { bucket } from '#platform/config.ts';
import { ConditionFailed } from '#platform/db.ts';
import { Forbidden, NotFound } from '#platform/errors.ts';
import { logger } from '#platform/logger.ts';
import { presignDownload, putFile } from '#platform/s3.ts';
import { forEachAgentChunk, type DirectoryFilters, type DirectorySort, type DirectoryViewer } from './agent-directory.ts';
import { agentsCsvHeader, agentsCsvRows, agentsFileName, type CsvLayout } from './agents-csv.ts';

/** Where the trigger objects go in the uploads bucket; the notification (CDK) and the local scheduler listen there. */
export const EXPORT_REQUEST_PREFIX = JOBS.agentExport.prefix;
/** How long the download link works. */
export const EXPORT_URL_SECONDS = 300;
/** Longer than the job's timeout (120 s in AWS), so only a run that died loses its claim, and Lambda's retry finishes the export. */
export const EXPORT_CLAIM_SECONDS = 180;
/** An export not finished this long after the request never will be (the retries are over): it reads as Failed and no job starts it. */
export const EXPORT_GIVE_UP_SECONDS = 15 * 60;
/** The record is removed a day after the request; the file goes with the exports bucket's lifecycle. */
export const EXPORT_TTL_SECONDS = 24 * 60 * 60;
/** Rows read, written and recorded as progress at a time. */
export const EXPORT_CHUNK_ROWS = 1000;

export const EXPORT_NOT_FOUND = 'Export not found.';
export const exportMessages = {
  failed: 'The export could not be written. Please try again.',
  abandoned: 'The export did not finish. Please try again.',
} as const;

/** What the request captured from the session: the job decides nothing from anything else. */
export interface AgentExportRequest {
  userId: string;
  viewer: DirectoryViewer;
  reduced: boolean;
  ianaZone: string;
  filters: DirectoryFilters;
  sort: DirectorySort;
}

const requestKey = (exportId: string) => `${EXPORT_REQUEST_PREFIX}${exportId}.json`;

/** The export id a trigger object's key names, or undefined for any other key. */
export function exportIdOfRequestKey(key: string): string | undefined {
  if (!key.startsWith(EXPORT_REQUEST_PREFIX)) return undefined;
  return /^([A-Za-z0-9_-]{1,64})\.json$/.exec(key.slice(EXPORT_REQUEST_PREFIX.length))?.[1];
}

/** Records the export (Pending) and drops its trigger object; the job does the rest. */
export async function requestAgentExport(request: AgentExportRequest, now = new Date()): Promise<AgentExportStarted> {
  const exportId = randomUUID();
  const { viewer } = request;
  await AgentExport.create({
    exportId,
    userId: request.userId,
    scope: viewer.scope,
    canSeePriority: viewer.canSeePriority,
    canSeeCreditLine: viewer.canSeeCreditLine,
    reduced: request.reduced,
    ianaZone: request.ianaZone,
    filters: request.filters,
    sort: request.sort,
    fileName: agentsFileName(viewer.scope.kind === 'downline' ? 'MyTeam' : 'Agents', now, request.ianaZone),
    status: 'Pending',
    createdAt: now.toISOString(),
    rowsDone: 0,
    ttl: Math.floor(now.getTime() / 1000) + EXPORT_TTL_SECONDS,
  });
  try {
    // The object only names the export; the job reads everything else from the record.
    await putFile({ bucket: bucket('UPLOADS_BUCKET'), key: requestKey(exportId), body: JSON.stringify({ exportId }), contentType: 'application/json', fileName: `${exportId}.json` });
  } catch (err) {
    await AgentExport.patch({ exportId }, { set: { status: 'Failed', finishedAt: new Date().toISOString() } });
    throw err;
  }
  return { ExportId: exportId, Status: 'Pending' };
}

export type AgentExportResult =
  | { outcome: 'exported'; exportId: string; status: 'Succeeded' | 'Failed'; rows: number }
  | { outcome: 'duplicate'; exportId: string }
  | { outcome: 'ignored'; reason: string };

/** The job's work for one trigger object. */
export async function runAgentExport(exportId: string, now: () => Date = () => new Date()): Promise<AgentExportResult> {
  const record = await AgentExport.get({ exportId }, { consistent: true });
  if (!record) return { outcome: 'ignored', reason: 'no export of that id' };
  const claimToken = randomUUID();
  if (!(await claimExport(record, claimToken, now()))) return { outcome: 'duplicate', exportId };
  const mine = { condition: { expression: '#token = :token', names: { '#token': 'claimToken' }, values: { ':token': claimToken } } };

  try {
    const layout: CsvLayout = { reduced: record.reduced, canSeePriority: record.canSeePriority, canSeeCreditLine: record.canSeeCreditLine, ianaZone: record.ianaZone };
    const viewer: DirectoryViewer = { scope: record.scope, canSeePriority: record.canSeePriority, canSeeCreditLine: record.canSeeCreditLine };
    const parts = [agentsCsvHeader(layout)];
    let rowsDone = 0;
    const rows = await forEachAgentChunk(viewer, { filters: record.filters, sort: record.sort }, EXPORT_CHUNK_ROWS, async (entries, total) => {
      parts.push(agentsCsvRows(entries, layout));
      rowsDone += entries.length;
      await recordProgress(exportId, { rowsDone, rows: total }, mine);
    });
    // Keyed by the exporting user and the export, so a re-run after a lost claim writes the same object.
    const fileKey = `agents/${record.userId}/${exportId}/${record.fileName}`;
    await putFile({ bucket: bucket('EXPORTS_BUCKET'), key: fileKey, body: parts.join('\r\n'), contentType: 'text/csv; charset=utf-8', fileName: record.fileName });
    await AgentExport.patch({ exportId }, { set: { status: 'Succeeded', rows, rowsDone: rows, fileKey, finishedAt: now().toISOString() }, remove: ['claimedUntil'] }, mine);
    return { outcome: 'exported', exportId, status: 'Succeeded', rows };
  } catch (err) {
    logger.error('Agent export failed', { exportId, error: err instanceof Error ? err.message : String(err) });
    try {
      await AgentExport.patch({ exportId }, { set: { status: 'Failed', finishedAt: now().toISOString() }, remove: ['claimedUntil'] }, mine);
    } catch (finishing) {
      // The claim ran out and another run took the export over: that run finishes it.
      if (finishing instanceof ConditionFailed) return { outcome: 'duplicate', exportId };
      throw finishing;
    }
    return { outcome: 'exported', exportId, status: 'Failed', rows: 0 };
  }
}

/**
 * Pending → Running, or a Running whose claim ran out (the run died); false when another run holds
 * it, it is finished, or it was requested too long ago to be wanted still.
 */
export async function claimExport(record: AgentExport, claimToken: string, at: Date): Promise<boolean> {
  try {
    await AgentExport.patch(
      { exportId: record.exportId },
      { set: { status: 'Running', claimToken, claimedUntil: new Date(at.getTime() + EXPORT_CLAIM_SECONDS * 1000).toISOString() } },
      {
        condition: {
          expression: '(#status = :pending OR (#status = :running AND #until < :now)) AND #created > :cutoff',
          names: { '#status': 'status', '#until': 'claimedUntil', '#created': 'createdAt' },
          values: { ':pending': 'Pending', ':running': 'Running', ':now': at.toISOString(), ':cutoff': new Date(at.getTime() - EXPORT_GIVE_UP_SECONDS * 1000).toISOString() },
        },
      },
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}

/** Progress is a courtesy: a failed write is only logged (a lost claim fails the finishing write instead). */
async function recordProgress(exportId: string, set: { rowsDone: number; rows: number }, mine: Parameters<typeof AgentExport.patch>[2]): Promise<void> {
  try {
    await AgentExport.patch({ exportId }, { set }, mine);
  } catch (err) {
    logger.warn('Export progress not recorded', { exportId, ...set, error: err instanceof Error ? err.message : String(err) });
  }
}

/** An export as its requester polls it (GET exports/{exportId}): nobody else may read it. */
export async function readAgentExportStatus(exportId: string, user: { userId: string }, now = new Date()): Promise<AgentExportStatusDto> {
  const record = await AgentExport.get({ exportId }, { consistent: true });
  if (!record) throw new NotFound(EXPORT_NOT_FOUND);
  if (record.userId !== user.userId) throw new Forbidden();
  const abandoned = (record.status === 'Pending' || record.status === 'Running') && Date.parse(record.createdAt) + EXPORT_GIVE_UP_SECONDS * 1000 < now.getTime();
  const status = abandoned ? 'Failed' : record.status;
  const download =
    status === 'Succeeded' && record.fileKey
      ? { Url: await presignDownload({ bucket: bucket('EXPORTS_BUCKET'), key: record.fileKey, fileName: record.fileName, expiresInSeconds: EXPORT_URL_SECONDS }), FileName: record.fileName }
      : null;
  return {
    ExportId: record.exportId,
    Status: status,
    Rows: record.rows ?? null,
    RowsDone: record.rowsDone,
    Message: status !== 'Failed' ? null : abandoned ? exportMessages.abandoned : exportMessages.failed,
    Download: download,
  };
}
