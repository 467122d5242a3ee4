// CSV uploads (part 3 §7), decided but not built: a file never passes through Lambda (its request
// body is capped at 6 MB). The call answers a presigned S3 PUT for one upload; the browser PUTs the
// file to S3; the bucket's notification starts the csvProcess job, which writes a report CSV next to
// the upload (docs/api.md, "CSV uploads").
import { z } from 'zod';
import { areaContract, notBuilt } from './define.ts';

/** The largest CSV accepted: far above any real bulk import, and what the presigned PUT is signed for. */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

export const uploadRequestSchema = z.object({
  FileName: z.string().trim().min(1).max(200).regex(/\.csv$/i, 'Only CSV files can be uploaded.'),
  ContentLength: z.number().int().min(1).max(UPLOAD_MAX_BYTES, 'The file is larger than 50 MB.'),
});

/** The decided answer: where to PUT the file, for how long, and the id its report is found under. */
export const uploadTicketSchema = z.object({
  UploadId: z.string(),
  Url: z.string(),
  Method: z.literal('PUT'),
  Headers: z.record(z.string(), z.string()),
  ExpiresAt: z.string(),
});

export const uploadsApi = areaContract<'uploads'>()({
  'uploads.transactions': notBuilt(undefined, uploadRequestSchema),
  'uploads.creditLimits': notBuilt(undefined, uploadRequestSchema),
  'uploads.reimbursements': notBuilt(undefined, uploadRequestSchema),
});
