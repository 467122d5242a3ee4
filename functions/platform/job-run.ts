// One run of a job (scheduled, S3-triggered, or the stream projector) as operations see it: its log lines
// carry the job's name and a correlation id (the caller's, when the run was handed one, else the Lambda
// request id), its X-Ray subsegment is annotated with the job, and it emits JobRuns, JobRows and
// JobFailures (dimension Job) whether it finishes or throws.
import { invocationScope, logger, withLogScope } from './logger.ts';
import { emit } from './metrics.ts';
import { annotate, inSegment } from './tracer.ts';

export interface JobRun<T> {
  /** What the run returns to its caller. */
  result: T;
  /** The rows (agents, leads, file rows...) it handled, for JobRows. */
  rows: number;
  /** Parts that failed without failing the run (they count in JobFailures). */
  failed?: number;
}

/** Runs `work` as one run of `job`; a thrown error is logged, counted and thrown again (Lambda's retry). */
export async function runJob<T>(job: string, context: { awsRequestId?: string } | undefined, work: () => Promise<JobRun<T>>, correlationId?: string): Promise<T> {
  const scope = invocationScope(context, { job, correlationId: correlationId ?? (context?.awsRequestId ? `${job}:${context.awsRequestId}` : undefined) });
  return withLogScope(scope, () =>
    inSegment(`## ${job}`, async () => {
      annotate('job', job);
      try {
        const run = await work();
        emit({ Job: job }, { jobRuns: 1, jobRows: run.rows, jobFailures: run.failed ?? 0 });
        annotate('outcome', run.failed ? 'partial' : 'ok');
        return run.result;
      } catch (err) {
        emit({ Job: job }, { jobRuns: 1, jobRows: 0, jobFailures: 1 });
        annotate('outcome', 'failed');
        logger.error('Job run failed', { error: err instanceof Error ? err.name : 'unknown' });
        throw err;
      }
    }),
  );
}
