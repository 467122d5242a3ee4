// What every benchmark starts with: the test emulators (tests/support/local-services.ts: DynamoDB Local
// in memory, s3rver in a temporary folder), the benchmark's own table, and the handlers' environment
// pointing at them, all stopped however the benchmark ends. The benchmark imports the app's modules
// only inside `run`, after the environment is set.
import { ensureTable } from '../../infra/local/services/table.ts';
import { handlerEnvironment } from '../../infra/local/settings.ts';
import { startTestServices, type TestServices } from '../support/local-services.ts';

/** The site origin the benchmarks' requests come from (S3's CORS and the handlers' APP_ORIGIN). */
export const BENCH_ORIGIN = 'http://localhost:5173';

/** `name` names the table (`bench-{name}-{time}`) and the OIDC client; `env` adds to the handlers' environment. */
export async function withBenchStack(options: { name: string; env?: Record<string, string> }, run: (services: TestServices) => Promise<void>): Promise<void> {
  const services = await startTestServices(BENCH_ORIGIN);
  try {
    const tableName = `bench-${options.name}-${Date.now()}`;
    await ensureTable(services.dynamodbEndpoint, tableName, { stream: false });
    Object.assign(
      process.env,
      handlerEnvironment({ tableName, dynamodbEndpoint: services.dynamodbEndpoint, s3Endpoint: services.s3Endpoint, appOrigin: BENCH_ORIGIN, stage: 'test' }),
      { OIDC_ISSUER: 'http://localhost:9/', OIDC_CLIENT_ID: `${options.name}-bench`, ...options.env },
    );
    await run(services);
  } finally {
    await services.stop();
  }
}
