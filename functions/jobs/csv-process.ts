// Processes CSV files uploaded under incoming/ in the uploads bucket: the S3 notification's target in
// AWS; locally the scheduler runs it when s3rver reports a new object, and `npm run job -- csvProcess
// <key>` by hand. The work is in functions/core/uploads/process-upload.ts.
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import { processUploadedObject, type ProcessResult } from '#core/uploads/process-upload.ts';
import { runJob } from '#platform/job-run.ts';
import { logger } from '#platform/logger.ts';

export const implemented = true;

const s3Event = z.object({
  Records: z.array(
    z.looseObject({
      eventName: z.string(),
      s3: z.looseObject({
        bucket: z.looseObject({ name: z.string() }),
        object: z.looseObject({ key: z.string(), size: z.number().int().nonnegative().default(0) }),
      }),
    }),
  ),
});

/** S3 writes keys URL-encoded, spaces as `+`. */
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

export async function handler(event: unknown, context?: Context): Promise<ProcessResult[]> {
  return runJob('csvProcess', context, async () => {
    // A processor in steps pauses with a minute to spare; without a context (by hand) time is unlimited.
    const timeLeftMs = context ? () => context.getRemainingTimeInMillis() : () => Number.POSITIVE_INFINITY;
    const results = await run(event, timeLeftMs);
    const processed = results.flatMap((r) => (r.outcome === 'processed' ? [r] : []));
    return { result: results, rows: processed.reduce((n, r) => n + r.rows, 0), failed: processed.filter((r) => r.status === 'Failed').length };
  });
}

async function run(event: unknown, timeLeftMs: () => number): Promise<ProcessResult[]> {
  const results: ProcessResult[] = [];
  for (const record of s3Event.parse(event).Records) {
    if (!record.eventName.startsWith('ObjectCreated:')) continue;
    const result = await processUploadedObject({ bucket: record.s3.bucket.name, key: decodeKey(record.s3.object.key), size: record.s3.object.size }, undefined, timeLeftMs);
    logger.info('CSV upload', { ...result });
    results.push(result);
  }
  return results;
}
