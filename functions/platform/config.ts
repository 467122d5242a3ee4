// Server configuration, read and checked at cold start: in AWS this module validates the environment
// as it loads (every handler imports it through the DynamoDB client), so a function deployed without
// TABLE_NAME or APP_ORIGIN fails its init with the variable named, instead of answering every write
// with a 403 because the origin check compared against a local default. Locally and in tests the
// defaults below apply and the check runs on first use (tests switch tables between files).
import { z } from 'zod';

/** Set by the Lambda runtime itself (`AWS_Lambda_nodejs22.x`), never by the local gateway or tests. */
const LAMBDA_RUNTIME = /^AWS_Lambda_/;

const common = {
  TABLE_NAME: z.string().min(1),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** Set only locally: DynamoDB Local and s3rver endpoints. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  /** Weekly Pro Store job: agents in flight at once (DynamoDB Local serialises transactions; AWS does not). */
  PROSTORE_CONCURRENCY: z.coerce.number().int().min(1).max(512).default(16),
  /**
   * The live sockets' management endpoint (API Gateway's `https://{api}.execute-api.{region}.amazonaws.com/{stage}`,
   * locally the gateway): where the projector pushes notifications. Without it they are only kept.
   */
  LIVE_PUSH_ENDPOINT: z.url().optional(),
  /** The webhook delivery queue (SQS); SQS_ENDPOINT only locally (the gateway's stand-in). Without it, deliveries are not made. */
  DELIVERY_QUEUE_URL: z.url().optional(),
  SQS_ENDPOINT: z.url().optional(),
};

const local = z.object({
  ...common,
  STAGE: z.enum(['local', 'test', 'dev', 'prod']).default('local'),
  UPLOADS_BUCKET: z.string().min(1).default('uploads'),
  EXPORTS_BUCKET: z.string().min(1).default('exports'),
  /** The site origin (scheme, host, port) that browsers use; state-changing calls must come from it. */
  APP_ORIGIN: z.url().default('http://localhost:5173'),
  /** Tests and the local stack only: the DynamoDB client carries the fault hook (faults.ts). AWS has no such setting. */
  FAULT_INJECTION: z.enum(['on', 'off']).default('off'),
  /**
   * Tests only: which database of a shared DynamoDB Local this process uses. DynamoDB Local keeps one
   * per access key when not started with -sharedDb (tests/support/dynamo-pool.ts); unset, the local
   * stack's one shared database.
   */
  DYNAMODB_LOCAL_DATABASE: z.string().regex(/^[A-Za-z0-9]{1,32}$/).optional(),
});

/** In AWS nothing defaults to a local value: the stack sets each of these. */
const aws = z.object({
  ...common,
  STAGE: z.enum(['dev', 'prod']),
  // Buckets are bound only to the functions that use them (infra/lib/function-needs.ts).
  UPLOADS_BUCKET: z.string().min(1).optional(),
  EXPORTS_BUCKET: z.string().min(1).optional(),
  APP_ORIGIN: z.url({ protocol: /^https$/ }),
});

export type ServerConfig = z.infer<typeof local> | z.infer<typeof aws>;

export const runsInAws = (env: NodeJS.ProcessEnv): boolean => LAMBDA_RUNTIME.test(env.AWS_EXECUTION_ENV ?? '');

/** The fault hook is installed only off Lambda and only when asked for. */
export const faultInjectionOn = (c: ServerConfig): boolean => !runsInAws(process.env) && 'FAULT_INJECTION' in c && c.FAULT_INJECTION === 'on';

let cached: ServerConfig | undefined;

/** Parse the environment once; throws with every missing or bad variable named. */
export function config(): ServerConfig {
  if (!cached) {
    const inAws = runsInAws(process.env);
    const parsed = (inAws ? aws : local).safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ');
      throw new Error(`Invalid server configuration${inAws ? ' (AWS)' : ''}: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** A bucket the function was bound to; a function using one it was not given fails here, by name. */
export function bucket(name: 'UPLOADS_BUCKET' | 'EXPORTS_BUCKET'): string {
  const value = config()[name];
  if (!value) throw new Error(`Invalid server configuration: ${name} is not set for this function`);
  return value;
}

/** Tests that switch tables between files call this after changing process.env. */
export function resetConfigForTests(): void {
  cached = undefined;
}

// Cold start in AWS: validate now, so a misconfigured function fails at init, not on a request.
if (runsInAws(process.env)) config();
