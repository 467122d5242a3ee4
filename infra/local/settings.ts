// The local stack's names, ports, credentials and handler environment in one place, so `npm start`,
// `npm run job`, `npm run reset` and the tests agree on where everything is.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { StartupError } from './services/startup-error.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');
export const LOCAL_TABLE_NAME = 'leadportal-local';
export const LOCAL_REGION = 'us-east-1';
export const BUCKETS = { uploads: 'uploads', exports: 'exports' } as const;

/** s3rver accepts only its built-in key pair; DynamoDB Local (shared database) accepts any. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * DynamoDB Local's key for this process: a test file's own database (DYNAMODB_LOCAL_DATABASE, on an
 * emulator the files share: tests/support/dynamo-pool.ts), as functions/platform/dynamo.ts uses it;
 * else the shared key.
 */
export function localDynamoCredentials(env: NodeJS.ProcessEnv = process.env): { accessKeyId: string; secretAccessKey: string } {
  const database = env.DYNAMODB_LOCAL_DATABASE;
  return database ? { accessKeyId: database, secretAccessKey: 'local' } : LOCAL_CREDENTIALS;
}

export interface LocalPorts {
  web: number;
  api: number;
  dynamodb: number;
  s3: number;
  oidc: number;
}

export const PORT_VARIABLES: Record<keyof LocalPorts, string> = {
  web: 'PORT',
  api: 'API_PORT',
  dynamodb: 'DYNAMODB_PORT',
  s3: 'S3_PORT',
  oidc: 'OIDC_PORT',
};

const DEFAULT_PORTS: LocalPorts = { web: 5173, api: 3001, dynamodb: 8000, s3: 4569, oidc: 3002 };

/** Ports from PORT, API_PORT, DYNAMODB_PORT, S3_PORT and OIDC_PORT, each defaulting to the documented port. */
export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): LocalPorts {
  const read = (key: keyof LocalPorts): number => {
    const variable = PORT_VARIABLES[key];
    const raw = env[variable];
    if (raw === undefined || raw === '') return DEFAULT_PORTS[key];
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new StartupError(`${variable}=${raw} is not a port number (1-65535).`);
    return port;
  };
  return { web: read('web'), api: read('api'), dynamodb: read('dynamodb'), s3: read('s3'), oidc: read('oidc') };
}

export const localUrl = (port: number) => `http://localhost:${port}`;

export interface HandlerEnvironmentInput {
  tableName: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  appOrigin: string;
  /** The embedded OIDC provider's issuer URL (http://localhost:<OIDC_PORT>). */
  oidcIssuer?: string;
  stage?: 'local' | 'test';
  /**
   * Where domain events are appended as JSON lines (no EventBridge emulator exists); `.data/events`
   * by default, except for tests, which name their own temporary directory.
   */
  eventsDir?: string;
  /** Where outgoing e-mail is written as files (functions/platform/mailer.ts); `.data/mail` by default, not set for tests. */
  mailDir?: string;
  /** Where outgoing text messages are written as files (functions/platform/sms.ts); `.data/sms` by default, not set for tests. */
  smsDir?: string;
  /**
   * The key of the alerts' unsubscribe links (functions/core/alerts/alert-token.ts): the local stack
   * keeps one under `.data/` so links in old local mail still work; tests get a random one per run.
   */
  alertTokenSecret?: string;
  /** The gateway's live-socket management endpoint (infra/local/live-sockets.ts); none: notifications are kept, not pushed. */
  livePushEndpoint?: string;
  /** The gateway's stand-in of the webhook delivery queue (infra/local/local-queue.ts): its base and the queue's URL. */
  deliveryQueue?: { endpoint: string; url: string };
  /** The webhook signing key (kept under the data folder locally); none: endpoints cannot be made. */
  webhookSigningKey?: string;
}

/** The client id the local provider registers and the auth area presents. */
export const LOCAL_OIDC_CLIENT_ID = 'leadportal-local';

/** The variables functions/platform/config.ts reads, pointing the handlers at the local emulators. */
export function handlerEnvironment(input: HandlerEnvironmentInput): Record<string, string> {
  return {
    TABLE_NAME: input.tableName,
    STAGE: input.stage ?? 'local',
    DYNAMODB_ENDPOINT: input.dynamodbEndpoint,
    S3_ENDPOINT: input.s3Endpoint,
    UPLOADS_BUCKET: BUCKETS.uploads,
    EXPORTS_BUCKET: BUCKETS.exports,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    APP_ORIGIN: input.appOrigin,
    ...(input.eventsDir || input.stage !== 'test' ? { LOCAL_EVENTS_DIR: input.eventsDir ?? path.join(DEFAULT_DATA_DIR, 'events') } : {}),
    ...(input.mailDir || input.stage !== 'test' ? { LOCAL_MAIL_DIR: input.mailDir ?? path.join(DEFAULT_DATA_DIR, 'mail') } : {}),
    ...(input.smsDir || input.stage !== 'test' ? { LOCAL_SMS_DIR: input.smsDir ?? path.join(DEFAULT_DATA_DIR, 'sms') } : {}),
    ...(input.alertTokenSecret || input.stage === 'test' ? { ALERT_TOKEN_SECRET: input.alertTokenSecret ?? randomBytes(32).toString('hex') } : {}),
    // The SDK's notice that its 2027 releases need Node 22 (see dependencies.md), once is enough: README.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(input.livePushEndpoint ? { LIVE_PUSH_ENDPOINT: input.livePushEndpoint } : {}),
    ...(input.deliveryQueue ? { SQS_ENDPOINT: input.deliveryQueue.endpoint, DELIVERY_QUEUE_URL: input.deliveryQueue.url } : {}),
    ...(input.webhookSigningKey ? { WEBHOOK_SIGNING_KEY: input.webhookSigningKey } : {}),
    ...(input.oidcIssuer ? { OIDC_ISSUER: input.oidcIssuer, OIDC_CLIENT_ID: LOCAL_OIDC_CLIENT_ID } : {}),
    // Tests check every answer against the route's contract (functions/platform/http.ts).
    ...(input.stage === 'test' ? { VALIDATE_RESPONSES: '1' } : {}),
  };
}
