// The local stand-in for EventBridge rules and S3 notifications: fires each scheduled job on its
// schedule and each S3-triggered job when an object lands under its prefix (JOBS in the manifest) of
// the uploads bucket, through the same job handlers AWS invokes. A failing job is logged and the scheduler keeps going;
// a failed run of an S3-triggered job is invoked again as Lambda retries an asynchronous event.
import type { S3Event } from 'aws-lambda';
import { JOBS, type JobName } from '#shared/manifest.ts';
import { describeOutcome, invokeJob, scheduledEvent } from './jobs.ts';
import { parseSchedule, type Schedule } from './schedule-expression.ts';

export interface SchedulerOptions {
  log: (line: string) => void;
  /** Where S3-triggered jobs listen; without it they only run through `npm run job`. */
  uploads?: { bucket: string; onObjectEvent(listener: (event: S3Event) => void): void };
  now?: () => Date;
  /** The waits before each retry of a failed S3-triggered run; default ASYNC_RETRY_DELAYS_MS. */
  retryDelaysMs?: readonly number[];
  /** Called after each run, failed or not (it may have written to the table). */
  onRan?: () => void;
}

export interface Scheduler {
  /** One phrase per job: when it fires next, or what triggers it. */
  plan: string[];
  stop(): void;
}

/**
 * Lambda's retries of a failed asynchronous invocation (the job functions' `retryAttempts: 2`): about a
 * minute after the first failure, two minutes after the second. A run that stops on a transient fault
 * (csvProcess: a throttled row) relies on them to finish its file.
 */
export const ASYNC_RETRY_DELAYS_MS: readonly number[] = [60_000, 120_000];

// setTimeout cannot wait longer than this (about 24.8 days); longer waits are taken in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

export function startScheduler(options: SchedulerOptions): Scheduler {
  const now = options.now ?? (() => new Date());
  const timers = new Map<JobName, NodeJS.Timeout>();
  const retries = new Set<NodeJS.Timeout>();
  const plan: string[] = [];
  let stopped = false;

  /** Invokes the job; a failed run is invoked again after each of `retryDelays` in turn while it keeps failing. */
  const run = async (job: JobName, event: unknown, retryDelays: readonly number[] = []) => {
    const outcome = await invokeJob(job, event);
    options.onRan?.();
    // A frequent job that found nothing to do answers nothing (the lead retry job, every minute): no line.
    if (!outcome.error && outcome.result === undefined) return;
    const [delay, ...later] = outcome.error && !stopped ? retryDelays : [];
    options.log(`scheduler: ${describeOutcome(outcome)}${delay === undefined ? '' : `; retried in ${delay / 1000} s`}`);
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      retries.delete(timer);
      void run(job, event, later);
    }, delay);
    timer.unref();
    retries.add(timer);
  };

  const arm = (job: JobName, schedule: Schedule, fireAt: Date) => {
    const wait = fireAt.getTime() - now().getTime();
    const timer = setTimeout(() => {
      if (wait > MAX_TIMER_MS) return arm(job, schedule, fireAt);
      arm(job, schedule, schedule.next(fireAt));
      void run(job, scheduledEvent(job, fireAt));
    }, Math.min(Math.max(wait, 0), MAX_TIMER_MS));
    // The servers keep the stack alive; a pending job alone should not.
    timer.unref();
    timers.set(job, timer);
  };

  for (const [name, job] of Object.entries(JOBS) as [JobName, (typeof JOBS)[JobName]][]) {
    if ('schedule' in job) {
      const schedule = parseSchedule(job.schedule);
      const first = schedule.next(now());
      arm(name, schedule, first);
      plan.push(`${name} next at ${first.toISOString()}`);
    } else if (job.trigger === 's3' && options.uploads) {
      const { bucket } = options.uploads;
      options.uploads.onObjectEvent((event) => {
        const record = event.Records[0];
        if (stopped || !record?.eventName.startsWith('ObjectCreated:') || record.s3.bucket.name !== bucket) return;
        if (!decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')).startsWith(job.prefix)) return;
        void run(name, event, options.retryDelaysMs ?? ASYNC_RETRY_DELAYS_MS);
      });
      plan.push(`${name} on new files in ${bucket}/${job.prefix}`);
    }
  }

  return {
    plan,
    stop() {
      stopped = true;
      timers.forEach((t) => clearTimeout(t));
      timers.clear();
      retries.forEach((t) => clearTimeout(t));
      retries.clear();
    },
  };
}
