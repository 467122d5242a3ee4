// The csvProcess job's work for one uploaded object: claim the upload (Pending → Processing, one
// conditional write, so a redelivered notification or a second invocation does nothing), read and
// parse the file, hand the rows to the kind's processor (which may record its progress on the
// record), write the report CSV next to the upload and finish the record (Succeeded or Failed, with
// row-numbered messages). A processor in steps out of time pauses: its checkpoint is stored, the claim
// let go, and a small continuation object written next to the file (`{file}.continue`), whose
// notification starts the next run on the same file from the checkpoint, as many runs as it takes.
// A run stopped by a transient fault (a throttle, a lost answer, a service error) does not fail the
// upload: it lets go of the claim, keeping the progress and checkpoint, and throws, so the invocation
// fails and Lambda's retry of the event (the local scheduler's, locally) takes the file at once.
import { randomUUID } from 'node:crypto';
import { UPLOAD_KINDS, type UploadKind } from '#shared/api/uploads.ts';
import { Upload } from '#entities/upload.ts';
import { ConditionFailed } from '#platform/db.ts';
import { isTransient } from '#platform/errors.ts';
import { logger } from '#platform/logger.ts';
import { putFile, readObject } from '#platform/s3.ts';
import { CsvSyntaxError, parseCsv, toCsv, type CsvRecord } from './csv.ts';
import type { ProcessorInput, ProcessorOutcome, ProcessorPause } from './processor.ts';
import { processorFor } from './processors.ts';
import { parseUploadObjectKey, reportFileName } from './tickets.ts';

/**
 * How long a claim holds without being renewed. A live run renews it every HEARTBEAT_SECONDS, so only
 * a run that died (timeout, crash) loses it, within 45 s: Lambda's own retries of the S3 event (one
 * and three minutes after a failed run) then find it expired and finish the file.
 */
export const CLAIM_SECONDS = 45;
export const HEARTBEAT_SECONDS = 15;
/**
 * A claim expired this long ago belongs to a run that died with no retry left to take it over: the
 * status the uploader polls then says the file failed (upload it again) instead of Processing for ever.
 */
export const ABANDONED_AFTER_SECONDS = 4 * 60;
/** At most this many messages are kept on the record; the report lists every row. */
export const MAX_STORED_MESSAGES = 100;

export const uploadMessages = {
  mismatch: 'The file does not match the upload that was requested. Please upload it again.',
  notUtf8: 'The file must be saved as CSV (UTF-8) text.',
  notProcessed: 'Files of this kind cannot be processed yet.',
  crashed: 'The file could not be processed. Please upload it again.',
  more: (n: number) => `…and ${n.toLocaleString('en-US')} more: see the report for every row.`,
} as const;

export type ProcessResult =
  | { outcome: 'processed'; uploadId: string; status: 'Succeeded' | 'Failed'; rows: number; failedRows: number }
  | { outcome: 'paused'; uploadId: string; rowsDone: number; rows: number }
  | { outcome: 'duplicate'; uploadId: string }
  | { outcome: 'ignored'; reason: string };

export interface UploadedObject {
  bucket: string;
  /** Decoded (S3 notifications URL-encode keys). */
  key: string;
  size: number;
}

/** The object whose notification starts the next run of a paused upload. */
export const continuationKey = (s3Key: string) => `${s3Key}.continue`;

/**
 * Processes the upload `object` is (its file, or its continuation object). `timeLeftMs` is the run's
 * remaining time (the Lambda context's); a processor in steps pauses when it runs short.
 */
export async function processUploadedObject(object: UploadedObject, now: () => Date = () => new Date(), timeLeftMs: () => number = () => Number.POSITIVE_INFINITY): Promise<ProcessResult> {
  const named = parseUploadObjectKey(object.key);
  if (!named || !(UPLOAD_KINDS as readonly string[]).includes(named.kind)) return { outcome: 'ignored', reason: 'not an upload key' };
  const upload = await Upload.get({ uploadId: named.uploadId }, { consistent: true });
  if (!upload || upload.kind !== named.kind) return { outcome: 'ignored', reason: 'no upload of that key' };
  const continuing = object.key === continuationKey(upload.s3Key);
  if (upload.s3Key !== object.key && !continuing) return { outcome: 'ignored', reason: 'no upload of that key' };

  const claimToken = randomUUID();
  try {
    if (!(await claim(upload.uploadId, claimToken, now()))) return { outcome: 'duplicate', uploadId: upload.uploadId };
    return await processClaimed(object, upload, continuing, claimToken, now, timeLeftMs);
  } catch (err) {
    // The run stops with the upload unfinished (a transient fault, the claim's answer lost, the report
    // or the finish not written): the next run of the event need not wait for the claim to run out.
    await letGo(upload.uploadId, claimToken, now());
    throw err;
  }
}

/** A run holding the claim: the file processed, then paused, or its report written and the record finished. */
async function processClaimed(
  object: UploadedObject,
  upload: Upload,
  continuing: boolean,
  claimToken: string,
  now: () => Date,
  timeLeftMs: () => number,
): Promise<ProcessResult> {
  let outcome: ProcessorOutcome | ProcessorPause;
  const heartbeat = setInterval(() => void renewClaim(upload.uploadId, claimToken, now()), HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  try {
    // The file's own size is checked against the ticket; a continuation reads the file it names.
    const file = continuing ? { ...object, key: upload.s3Key, size: upload.contentLength } : object;
    outcome = await run(upload.kind, file, upload, now(), progressOf(upload.uploadId, claimToken, now), timeLeftMs);
  } catch (err) {
    // A throttle or a lost answer says nothing about the file: the run is retried (the rows applied
    // stay applied, each row's key keeps it from moving money twice; a checkpoint is kept).
    if (isTransient(err)) {
      logger.warn('CSV upload interrupted; the retry goes on', { uploadId: upload.uploadId, kind: upload.kind, error: err instanceof Error ? err.name : String(err) });
      throw err;
    }
    // Anything else fails the upload rather than leaving it Processing; the uploader sees why and
    // can send the file again. The price factor processor cleans up its own partial writes; the
    // agent uploads keep the rows they applied, and the same file sent again applies only the rest.
    logger.error('CSV upload failed', { uploadId: upload.uploadId, kind: upload.kind, error: err instanceof Error ? err.message : String(err) });
    outcome = refusedFile(uploadMessages.crashed);
  } finally {
    clearInterval(heartbeat);
  }

  if (outcome.status === 'Paused') return pause(object.bucket, upload, claimToken, outcome, now());

  const reportKey = `reports/${upload.uploadId}.csv`;
  await putFile({
    bucket: object.bucket,
    key: reportKey,
    body: toCsv(outcome.report.header, outcome.report.rows),
    contentType: 'text/csv; charset=utf-8',
    fileName: reportFileName(upload),
  });
  await Upload.patch(
    { uploadId: upload.uploadId },
    {
      set: {
        status: outcome.status,
        finishedAt: now().toISOString(),
        rows: outcome.rows,
        failedRows: outcome.failedRows,
        ...(outcome.rowsDone === undefined ? {} : { rowsDone: outcome.rowsDone }),
        ...(outcome.alreadyAppliedRows === undefined ? {} : { alreadyAppliedRows: outcome.alreadyAppliedRows }),
        errorMessages: storedMessages(outcome.errorMessages),
        reportKey,
      },
      remove: ['claimedUntil', 'checkpoint'],
    },
    // Only the run holding the claim finishes the record.
    { condition: { expression: '#token = :token', names: { '#token': 'claimToken' }, values: { ':token': claimToken } } },
  );
  return { outcome: 'processed', uploadId: upload.uploadId, status: outcome.status, rows: outcome.rows, failedRows: outcome.failedRows };
}

/**
 * A run out of time: the checkpoint stored and the claim let go (it ends now, and the token goes, so a
 * renewal still in flight cannot take it back), then the continuation object written. Whichever run
 * claims the upload next (the continuation's, or Lambda's retry of this one had it died before the
 * object was written) goes on from the checkpoint.
 */
async function pause(bucket: string, upload: Upload, claimToken: string, paused: ProcessorPause, at: Date): Promise<ProcessResult> {
  await Upload.patch(
    { uploadId: upload.uploadId },
    { set: { checkpoint: paused.checkpoint, rowsDone: paused.rowsDone, rows: paused.rows, claimedUntil: at.toISOString() }, remove: ['claimToken'] },
    { condition: { expression: '#token = :token', names: { '#token': 'claimToken' }, values: { ':token': claimToken } } },
  );
  await putFile({ bucket, key: continuationKey(upload.s3Key), body: `${upload.uploadId} ${paused.rowsDone}\n`, contentType: 'text/plain; charset=utf-8', fileName: 'continue.txt' });
  return { outcome: 'paused', uploadId: upload.uploadId, rowsDone: paused.rowsDone, rows: paused.rows };
}

/** Pending → Processing, or a Processing whose claim ran out; false when someone else holds it or it is finished. */
async function claim(uploadId: string, claimToken: string, at: Date): Promise<boolean> {
  try {
    await Upload.patch(
      { uploadId },
      { set: { status: 'Processing', claimToken, claimedUntil: leaseEnd(at) } },
      {
        condition: {
          expression: '#status = :pending OR (#status = :processing AND #until < :now)',
          names: { '#status': 'status', '#until': 'claimedUntil' },
          values: { ':pending': 'Pending', ':processing': 'Processing', ':now': at.toISOString() },
        },
      },
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}

/**
 * A run that stops with the upload unfinished ends its claim now (the token goes, so a renewal still
 * in flight cannot take it back), keeping rowsDone and the checkpoint: the next run claims it at once.
 * Best effort: a claim not let go runs out within CLAIM_SECONDS, before Lambda's first retry; and one
 * no retry takes still turns Failed for the poller ABANDONED_AFTER_SECONDS later.
 */
async function letGo(uploadId: string, claimToken: string, at: Date): Promise<void> {
  try {
    await Upload.patch(
      { uploadId },
      { set: { claimedUntil: at.toISOString() }, remove: ['claimToken'] },
      { condition: { expression: '#status = :processing AND #token = :token', names: { '#status': 'status', '#token': 'claimToken' }, values: { ':processing': 'Processing', ':token': claimToken } } },
    );
  } catch (err) {
    if (!(err instanceof ConditionFailed)) logger.warn('Upload claim not let go', { uploadId, error: err instanceof Error ? err.message : String(err) });
  }
}

/** Extends this run's claim; a run that no longer holds it (it was taken over) changes nothing. */
export async function renewClaim(uploadId: string, claimToken: string, at: Date): Promise<boolean> {
  try {
    await Upload.patch(
      { uploadId },
      { set: { claimedUntil: leaseEnd(at) } },
      { condition: { expression: '#status = :processing AND #token = :token', names: { '#status': 'status', '#token': 'claimToken' }, values: { ':processing': 'Processing', ':token': claimToken } } },
    );
    return true;
  } catch (err) {
    if (!(err instanceof ConditionFailed)) logger.warn('Upload claim not renewed', { uploadId, error: err instanceof Error ? err.message : String(err) });
    return false;
  }
}

const leaseEnd = (at: Date) => new Date(at.getTime() + CLAIM_SECONDS * 1000).toISOString();

/** The processor's progress, recorded (with the claim renewed) only while this run holds it; a failed write is only logged. */
function progressOf(uploadId: string, claimToken: string, now: () => Date): NonNullable<ProcessorInput['progress']> {
  return async (rowsDone, rows, checkpoint) => {
    try {
      await Upload.patch(
        { uploadId },
        { set: { rowsDone, rows, claimedUntil: leaseEnd(now()), ...(checkpoint ? { checkpoint } : {}) } },
        { condition: { expression: '#token = :token', names: { '#token': 'claimToken' }, values: { ':token': claimToken } } },
      );
    } catch (err) {
      logger.warn('Upload progress not recorded', { uploadId, rowsDone, error: err instanceof Error ? err.message : String(err) });
    }
  };
}

async function run(
  kind: UploadKind,
  object: UploadedObject,
  upload: Upload,
  at: Date,
  progress: ProcessorInput['progress'],
  timeLeftMs: () => number,
): Promise<ProcessorOutcome | ProcessorPause> {
  if (object.size !== upload.contentLength) return refusedFile(uploadMessages.mismatch);
  const processor = processorFor(kind);
  if (!processor) return refusedFile(uploadMessages.notProcessed);
  const bytes = await readObject({ bucket: object.bucket, key: object.key });
  if (bytes.length !== upload.contentLength) return refusedFile(uploadMessages.mismatch);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refusedFile(uploadMessages.notUtf8);
  }
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return refusedFile(err.message);
    throw err;
  }
  return processor.process({ upload, records, now: at, progress, timeLeftMs, ...(upload.checkpoint ? { resume: upload.checkpoint } : {}) });
}

/** A file refused before its rows could be read: one report line says why. */
function refusedFile(message: string): ProcessorOutcome {
  return {
    status: 'Failed',
    rows: 0,
    failedRows: 0,
    errorMessages: [message],
    report: { header: ['Row', 'Outcome', 'Message'], rows: [['', 'Refused', message]] },
  };
}

function storedMessages(messages: string[]): string[] {
  if (messages.length <= MAX_STORED_MESSAGES) return messages;
  return [...messages.slice(0, MAX_STORED_MESSAGES), uploadMessages.more(messages.length - MAX_STORED_MESSAGES)];
}
