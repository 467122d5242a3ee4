// An upload as its uploader polls it (GET /uploads/{uploadId}): only the uploader or an admin may read
// it; once processed it carries a five-minute link to its report CSV, like the exports.
import type { UploadStatusDto } from '#shared/api/uploads.ts';
import { Upload } from '#entities/upload.ts';
import { bucket } from '#platform/config.ts';
import { ConditionFailed } from '#platform/db.ts';
import { Forbidden, NotFound } from '#platform/errors.ts';
import { logger } from '#platform/logger.ts';
import { presignDownload } from '#platform/s3.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { ABANDONED_AFTER_SECONDS, uploadMessages } from './process-upload.ts';
import { reportFileName } from './tickets.ts';

export const REPORT_URL_SECONDS = 300;
export const UPLOAD_NOT_FOUND = 'Upload not found.';

export async function readUploadStatus(uploadId: string, user: Pick<SessionUser, 'userId' | 'roles'>, now = new Date()): Promise<UploadStatusDto> {
  const read = await Upload.get({ uploadId }, { consistent: true });
  if (!read) throw new NotFound(UPLOAD_NOT_FOUND);
  if (read.userId !== user.userId && !user.roles.includes('admin')) throw new Forbidden();
  const upload = (await failIfAbandoned(read, now)) ?? read;
  const fileName = reportFileName(upload);
  const report = upload.reportKey
    ? {
        Url: await presignDownload({ bucket: bucket('UPLOADS_BUCKET'), key: upload.reportKey, fileName, expiresInSeconds: REPORT_URL_SECONDS }),
        FileName: fileName,
      }
    : null;
  return {
    UploadId: upload.uploadId,
    Kind: upload.kind,
    FileName: upload.fileName,
    Status: upload.status,
    Created: upload.createdAt,
    Finished: upload.finishedAt ?? null,
    Rows: upload.rows ?? null,
    FailedRows: upload.failedRows ?? null,
    RowsDone: upload.rowsDone ?? null,
    AlreadyApplied: upload.alreadyAppliedRows ?? null,
    Messages: upload.errorMessages,
    Report: report,
  };
}

/**
 * A run that died with its claim and no retry left (the claim expired ABANDONED_AFTER_SECONDS ago):
 * the upload is finished as Failed, under the condition that nobody took the claim over meanwhile.
 * The rows it applied stay applied; the same file sent again applies only the rest.
 */
async function failIfAbandoned(upload: Upload, now: Date): Promise<Upload | undefined> {
  if (upload.status !== 'Processing' || !upload.claimedUntil) return undefined;
  if (Date.parse(upload.claimedUntil) + ABANDONED_AFTER_SECONDS * 1000 > now.getTime()) return undefined;
  try {
    await Upload.patch(
      { uploadId: upload.uploadId },
      { set: { status: 'Failed', finishedAt: now.toISOString(), errorMessages: [uploadMessages.crashed] }, remove: ['claimedUntil'] },
      {
        condition: {
          expression: '#status = :processing AND #until = :until',
          names: { '#status': 'status', '#until': 'claimedUntil' },
          values: { ':processing': 'Processing', ':until': upload.claimedUntil },
        },
      },
    );
  } catch (err) {
    if (err instanceof ConditionFailed) return Upload.get({ uploadId: upload.uploadId }, { consistent: true });
    throw err;
  }
  logger.warn('Upload abandoned by a run that died', { uploadId: upload.uploadId, claimedUntil: upload.claimedUntil });
  return { ...upload, status: 'Failed', finishedAt: now.toISOString(), errorMessages: [uploadMessages.crashed], claimedUntil: undefined };
}
