// `npm run job -- <name> [key]`: runs one job once, in this process, against the running local stack's
// data, and prints the outcome. S3-triggered jobs take the object's key in the uploads bucket (e.g.
// incoming/agents.csv, export-requests/<exportId>.json).
import { HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import { JOBS } from '#shared/manifest.ts';
import { exitOnError } from './cli.ts';
import { describeOutcome, invokeJob, isJobName, jobList, s3PutEvent, scheduledEvent } from './jobs.ts';
import { isPortFree } from './services/ports.ts';
import { StartupError } from './services/startup-error.ts';
import { BUCKETS, DEFAULT_DATA_DIR, LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_TABLE_NAME, handlerEnvironment, localUrl, portsFromEnv } from './settings.ts';
import { localAlertTokenSecret } from './alert-token-secret.ts';

async function uploadedObjectEvent(s3Endpoint: string, key: string) {
  const s3 = new S3Client({ endpoint: s3Endpoint, forcePathStyle: true, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKETS.uploads, Key: key }));
    return s3PutEvent({ bucket: BUCKETS.uploads, key, size: head.ContentLength ?? 0, eTag: (head.ETag ?? '').replace(/"/g, '') });
  } catch (err) {
    if (err instanceof NotFound) throw new StartupError(`There is no ${BUCKETS.uploads}/${key} to process.`);
    throw err;
  } finally {
    s3.destroy();
  }
}

async function main(args: string[]): Promise<boolean> {
  const [name = '', key] = args;
  if (!isJobName(name)) throw new StartupError(`${name ? `Unknown job "${name}"` : 'Name a job'}. Jobs: ${jobList()}.`);

  const ports = portsFromEnv();
  if (!process.env.DYNAMODB_ENDPOINT && (await isPortFree(ports.dynamodb)))
    throw new StartupError(`The local stack is not running (nothing on port ${ports.dynamodb}): start it with npm start first.`);
  // Variables already set (another table, other endpoints) win over the local stack's defaults.
  const defaults = handlerEnvironment({
    tableName: LOCAL_TABLE_NAME,
    dynamodbEndpoint: localUrl(ports.dynamodb),
    s3Endpoint: localUrl(ports.s3),
    appOrigin: localUrl(ports.web),
    alertTokenSecret: await localAlertTokenSecret(DEFAULT_DATA_DIR),
  });
  for (const [k, v] of Object.entries(defaults)) process.env[k] ??= v;

  const job = JOBS[name];
  let event: unknown;
  if ('schedule' in job) event = scheduledEvent(name);
  else if (key) event = await uploadedObjectEvent(process.env.S3_ENDPOINT!, key);
  else throw new StartupError(`${name} runs on an object in the uploads bucket: npm run job -- ${name} ${job.prefix}<file>`);

  const outcome = await invokeJob(name, event);
  console.log(describeOutcome(outcome));
  return !outcome.error;
}

const ok = await main(process.argv.slice(2)).catch(exitOnError);
process.exit(ok ? 0 : 1);
