// Hands out an upload: the Upload record (Pending) and a presigned PUT for exactly this file's size
// and content type, under `incoming/{kind}/{uploadId}/` where the bucket's notification starts the job.
import { randomUUID } from 'node:crypto';
import { UPLOAD_CONTENT_TYPE, type UploadKind, type UploadRequest, type UploadTicket } from '#shared/api/uploads.ts';
import { Upload } from '#entities/upload.ts';
import { bucket } from '#platform/config.ts';
import { presignUpload } from '#platform/s3.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { csvFileName } from '#shared/csv.ts';

/** How long the PUT URL works: enough to start sending 50 MB, short enough not to linger. */
export const UPLOAD_URL_SECONDS = 300;
/** Where files land; the S3 notification (CDK) and the local scheduler listen under it. */
export const INCOMING_PREFIX = 'incoming/';

/** The object key of an upload; the file name is kept readable but only with safe characters. */
export function uploadObjectKey(kind: UploadKind, uploadId: string, fileName: string): string {
  const safe = fileName.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-120);
  return `${INCOMING_PREFIX}${kind}/${uploadId}/${safe}`;
}

/** The kind and id an object key names, or undefined for a key no ticket made. */
export function parseUploadObjectKey(key: string): { kind: string; uploadId: string } | undefined {
  const match = /^incoming\/([A-Za-z]+)\/([A-Za-z0-9_-]{1,64})\/[^/]+$/.exec(key);
  return match ? { kind: match[1]!, uploadId: match[2]! } : undefined;
}

/** What each kind's report is about: the first half of its file name (the price factors' is the spec's "rating-factors report"). */
const REPORT_SUBJECTS: Record<UploadKind, string> = {
  priceFactors: 'RatingFactorsReport',
  creditLimit: 'CreditLimitUploadReport',
  transaction: 'TransactionUploadReport',
  reimburse: 'ReimburseUploadReport',
  doNotCall: 'DoNotCallUploadReport',
};

/** The name an upload's report downloads under: its subject and the upload's day, `RatingFactorsReport-12-05-2026.csv` (spec part 3 §9: "CSV file names combine subject and date (MM-DD-YYYY)"). */
export function reportFileName(upload: { kind: UploadKind; createdAt: string }): string {
  return csvFileName(REPORT_SUBJECTS[upload.kind], new Date(upload.createdAt));
}

export async function mintUploadTicket(
  kind: UploadKind,
  request: UploadRequest,
  user: Pick<SessionUser, 'userId' | 'email'>,
  now = new Date(),
): Promise<UploadTicket> {
  const uploadId = randomUUID();
  const s3Key = uploadObjectKey(kind, uploadId, request.FileName);
  await Upload.create({
    uploadId,
    kind,
    fileName: request.FileName,
    contentLength: request.ContentLength,
    s3Key,
    status: 'Pending',
    userId: user.userId,
    userEmail: user.email,
    createdAt: now.toISOString(),
    errorMessages: [],
  });
  const url = await presignUpload({
    bucket: bucket('UPLOADS_BUCKET'),
    key: s3Key,
    contentType: UPLOAD_CONTENT_TYPE,
    contentLength: request.ContentLength,
    expiresInSeconds: UPLOAD_URL_SECONDS,
  });
  return {
    UploadId: uploadId,
    Url: url,
    Method: 'PUT',
    // The browser sets Content-Length itself (it may not be set by script); it is signed all the same.
    Headers: { 'Content-Type': UPLOAD_CONTENT_TYPE },
    ExpiresAt: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
