// Runs the job functions in-process, with the events EventBridge and S3 notifications send in AWS.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, S3Event, ScheduledEvent } from 'aws-lambda';
import { JOBS, type JobName } from '#shared/manifest.ts';
import { jobEntries } from '../../functions/areas.ts';
import { DEFAULT_TIMEOUT_SECONDS, JOB_NEEDS } from '../lib/function-needs.ts';
import { lambdaContext } from './lambda-context.ts';
import { LOCAL_REGION, REPO_ROOT } from './settings.ts';

type JobHandler = (event: unknown, context: Context) => Promise<unknown>;

export interface JobOutcome {
  job: JobName;
  ms: number;
  /** What the job returned, or why it failed. */
  result?: unknown;
  error?: Error;
}

const ACCOUNT = '000000000000';

export const isJobName = (name: string): name is JobName => Object.hasOwn(JOBS, name);

/** `prostore (Weekly Pro Store transfer), csvProcess (...)`, for messages that list the choices. */
export const jobList = () =>
  Object.entries(JOBS)
    .map(([name, job]) => `${name} (${job.description})`)
    .join(', ');

/** The event an EventBridge schedule rule sends its target. */
export function scheduledEvent(job: JobName, at = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: ACCOUNT,
    time: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: LOCAL_REGION,
    resources: [`arn:aws:events:${LOCAL_REGION}:${ACCOUNT}:rule/leadportal-${job}`],
    detail: {},
  };
}

/** The notification S3 sends when an object is created, for running the CSV job by hand. */
export function s3PutEvent(object: { bucket: string; key: string; size: number; eTag: string }, at = new Date()): S3Event {
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: LOCAL_REGION,
        eventTime: at.toISOString(),
        eventName: 'ObjectCreated:Put',
        userIdentity: { principalId: 'AWS:LOCAL' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': randomUUID(), 'x-amz-id-2': randomUUID() },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'local',
          bucket: { name: object.bucket, ownerIdentity: { principalId: ACCOUNT }, arn: `arn:aws:s3:::${object.bucket}` },
          // S3 URL-encodes keys in notifications (spaces as `+`).
          object: { key: encodeURIComponent(object.key).replace(/%2F/g, '/').replace(/%20/g, '+'), size: object.size, eTag: object.eTag, sequencer: Date.now().toString(16).toUpperCase() },
        },
      },
    ],
  };
}

const loaded = new Map<JobName, Promise<JobHandler>>();

function jobHandler(job: JobName): Promise<JobHandler> {
  let handler = loaded.get(job);
  if (!handler) {
    const url = pathToFileURL(path.join(REPO_ROOT, jobEntries[job])).href;
    handler = import(url).then((mod: { handler: JobHandler }) => mod.handler);
    handler.catch(() => loaded.delete(job));
    loaded.set(job, handler);
  }
  return handler;
}

/** Invokes the job once; failures come back in the outcome rather than thrown, as a Lambda's would. */
export async function invokeJob(job: JobName, event: unknown): Promise<JobOutcome> {
  const started = Date.now();
  try {
    const handler = await jobHandler(job);
    // The job's timeout in AWS, so a job that watches its remaining time (csvProcess) behaves as it will there.
    const result = await handler(event, lambdaContext(`leadportal-${job}`, (JOB_NEEDS[job].timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000));
    return { job, ms: Date.now() - started, result };
  } catch (err) {
    return { job, ms: Date.now() - started, error: err instanceof Error ? err : new Error(String(err)) };
  }
}

export function describeOutcome(outcome: JobOutcome): string {
  return outcome.error
    ? `${outcome.job} failed after ${outcome.ms} ms: ${outcome.error.message}`
    : `${outcome.job} done in ${outcome.ms} ms${outcome.result === undefined ? '' : `: ${JSON.stringify(outcome.result)}`}`;
}
