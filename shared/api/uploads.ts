// CSV uploads (part 3 §7): a file never passes through Lambda (its request body is capped at 6 MB).
// The call answers a presigned S3 PUT for one upload; the browser PUTs the file to S3; the bucket's
// notification starts the csvProcess job, which checks every row, applies the file or refuses it
// whole, and writes a report CSV; the browser polls the upload's status and offers the report
// (docs/api.md, "CSV uploads").
import { z } from 'zod';
import { areaContract, built, downloadLink, idParam } from './define.ts';

/** The largest CSV accepted: far above any real bulk import, and what the presigned PUT is signed for. */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** What an upload is for; each kind has its processor (functions/core/uploads/processors.ts). */
export const UPLOAD_KINDS = ['priceFactors', 'creditLimit', 'transaction', 'reimburse', 'doNotCall'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Pending until the file lands and the job claims it; Succeeded or Failed once every row was checked. */
export const UPLOAD_STATUSES = ['Pending', 'Processing', 'Succeeded', 'Failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const isFinished = (status: UploadStatus) => status === 'Succeeded' || status === 'Failed';

/** The content type the PUT is signed for; the browser must send exactly it. */
export const UPLOAD_CONTENT_TYPE = 'text/csv';

export const uploadRequestSchema = z.object({
  FileName: z.string().trim().min(1).max(200).regex(/\.csv$/i, 'Only CSV files can be uploaded.'),
  ContentLength: z.number().int().min(1, 'The file is empty.').max(UPLOAD_MAX_BYTES, 'The file is larger than 50 MB.'),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** The decided answer: where to PUT the file, for how long, and the id its status is read by. */
export const uploadTicketSchema = z.object({
  UploadId: z.string(),
  Url: z.string(),
  Method: z.literal('PUT'),
  Headers: z.record(z.string(), z.string()),
  ExpiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

export const uploadIdParam = idParam('Upload id');

/** An upload as its uploader polls it; the report link appears once the file was processed. */
export const uploadStatusSchema = z.object({
  UploadId: z.string(),
  Kind: z.enum(UPLOAD_KINDS),
  FileName: z.string(),
  Status: z.enum(UPLOAD_STATUSES),
  /** UTC ISO times. */
  Created: z.string(),
  Finished: z.string().nullable(),
  /**
   * Data rows in the file (known once the job has checked the file) and rows refused (null until
   * processed).
   */
  Rows: z.number().nullable(),
  FailedRows: z.number().nullable(),
  /**
   * Rows of an agent upload that an earlier upload had applied already (the same TransactionID, or
   * the same file sent again): reported, nothing moved for them; null for other kinds and until processed.
   */
  AlreadyApplied: z.number().nullable(),
  /**
   * The agent uploads apply row by row: how many rows are done so far ("rows done of Rows"), updated
   * every few hundred rows while Processing; null for kinds applied as a whole and before applying starts.
   */
  RowsDone: z.number().nullable(),
  /**
   * Why the file was refused, row-numbered ('Row 3: Min cannot be greater than Max.'), or, for an
   * agent upload that succeeded, why some of its rows were refused; empty when every row applied.
   * Not named ErrorMessages: an answer carrying ErrorMessages is a failed call (part 1 §4), and this
   * call succeeded in telling how the file fared.
   */
  Messages: z.array(z.string()),
  /** The result report CSV (each row's outcome), a five-minute link; null until processed. */
  Report: downloadLink.nullable(),
});
export type UploadStatusDto = z.infer<typeof uploadStatusSchema>;

export const uploadsApi = areaContract<'uploads'>()({
  /** Tickets for the agent uploads of the Agents page (docs/api.md "CSV uploads"; rows: shared/agent-uploads.ts). */
  'uploads.transactions': built({ body: uploadRequestSchema, response: uploadTicketSchema, status: 201 }),
  'uploads.creditLimits': built({ body: uploadRequestSchema, response: uploadTicketSchema, status: 201 }),
  'uploads.reimbursements': built({ body: uploadRequestSchema, response: uploadTicketSchema, status: 201 }),
  'uploads.status': built({ params: z.object({ uploadId: uploadIdParam }), response: uploadStatusSchema }),
});
