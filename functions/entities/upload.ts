// One CSV upload (spec part 3 §3 "Upload files"; docs/api.md "CSV uploads"): created Pending when the
// ticket is handed out, claimed by the csvProcess job (Processing, with a lease, so a redelivered S3
// notification finds it taken), and finished Succeeded or Failed with its row-numbered messages and
// the key of its report CSV.
import { z } from 'zod';
import { UPLOAD_KINDS, UPLOAD_STATUSES } from '#shared/api/uploads.ts';
import { defineEntity } from '#platform/entity.ts';

export const Upload = defineEntity({
  entity: 'Upload',
  version: 1,
  schema: z.object({
    uploadId: z.string(),
    kind: z.enum(UPLOAD_KINDS),
    /** As the uploader named it (shown back, used for the report's name). */
    fileName: z.string(),
    /** The size the PUT was signed for; the job refuses an object of another size. */
    contentLength: z.number().int().positive(),
    /** Where the file lands: `incoming/{kind}/{uploadId}/{fileName}`. */
    s3Key: z.string(),
    status: z.enum(UPLOAD_STATUSES),
    userId: z.string(),
    /** The uploader's e-mail: what CreatedBy and ModifiedBy show for what the file changed. */
    userEmail: z.string(),
    createdAt: z.string(),
    /** The job's claim: until this time no other delivery of the notification may process the file. */
    claimedUntil: z.string().optional(),
    claimToken: z.string().optional(),
    finishedAt: z.string().optional(),
    rows: z.number().int().nonnegative().optional(),
    failedRows: z.number().int().nonnegative().optional(),
    /** Rows applied (or refused) so far, for kinds applied row by row; written every so many rows. */
    rowsDone: z.number().int().nonnegative().optional(),
    /** Rows an earlier upload had already applied (the agent uploads' idempotency keys); nothing moved for them. */
    alreadyAppliedRows: z.number().int().nonnegative().optional(),
    /** Where a processor in steps got to (kept while Processing, for the run that goes on after a pause or a death). */
    checkpoint: z.record(z.string(), z.number()).optional(),
    errorMessages: z.array(z.string()),
    /** The result report CSV in the uploads bucket. */
    reportKey: z.string().optional(),
  }),
  key: (u: { uploadId: string }) => ({ pk: `UPLOAD#${u.uploadId}`, sk: 'UPLOAD' }),
  indexes: {
    /** a user's uploads, newest last */
    ofUser: {
      index: 'gsi1',
      attributes: ['userId', 'createdAt', 'uploadId'],
      key: (u) => ({ pk: `USER_UPLOADS#${u.userId}`, sk: `${u.createdAt}#${u.uploadId}` }),
      query: (userId: string) => ({ pk: `USER_UPLOADS#${userId}` }),
    },
  },
});
export type Upload = z.infer<typeof Upload.schema>;
