// Server configuration, read and checked once at cold start: a missing variable fails loudly here,
// not on the first request. Only endpoints, names and secrets come from the environment.
import { z } from 'zod';

const schema = z.object({
  TABLE_NAME: z.string().min(1),
  STAGE: z.enum(['local', 'test', 'dev', 'prod']).default('local'),
  UPLOADS_BUCKET: z.string().min(1).default('uploads'),
  EXPORTS_BUCKET: z.string().min(1).default('exports'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** Set only locally: DynamoDB Local and s3rver endpoints. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  /** The site origin (scheme, host, port) that browsers use; state-changing calls must come from it. */
  APP_ORIGIN: z.url().default('http://localhost:5173'),
});

export type ServerConfig = z.infer<typeof schema>;

let cached: ServerConfig | undefined;

/** Parse the environment once; throws with every missing or bad variable named. */
export function config(): ServerConfig {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ');
      throw new Error(`Invalid server configuration: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests that switch tables between files call this after changing process.env. */
export function resetConfigForTests(): void {
  cached = undefined;
}
