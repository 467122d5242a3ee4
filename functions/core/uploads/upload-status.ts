// An upload as its uploader polls it (GET /uploads/{uploadId}): only the uploader or an admin may read
// it; once processed it carries a five-minute link to its report CSV, like the exports.
import type { UploadStatusDto } from '#shared/api/uploads.ts';
import { Upload } from '#entities/upload.ts';
import { bucket } from '#platform/config.ts';
import { Forbidden, NotFound } from '#platform/errors.ts';
import { presignDownload } from '#platform/s3.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { reportFileName } from './tickets.ts';

export const REPORT_URL_SECONDS = 300;
export const UPLOAD_NOT_FOUND = 'Upload not found.';

export async function readUploadStatus(uploadId: string, user: Pick<SessionUser, 'userId' | 'roles'>): Promise<UploadStatusDto> {
  const upload = await Upload.get({ uploadId }, { consistent: true });
  if (!upload) throw new NotFound(UPLOAD_NOT_FOUND);
  if (upload.userId !== user.userId && !user.roles.includes('admin')) throw new Forbidden();
  const fileName = reportFileName(upload.fileName);
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
