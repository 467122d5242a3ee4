// `npx tsx infra/local/rebuild-directory-counts.ts`: rewrites the agent directory's counts (the agent
// count and every sort order's bucket counts) of the table at DYNAMODB_ENDPOINT / TABLE_NAME (default
// the local stack's) from the directory itself: the upgrade step for a table seeded before the money
// and last-login orders were counted (docs/data-model.md #24c). Prints the buckets per order.
import { rebuildDirectoryCounts } from '#core/directory-counts.ts';
import { exitOnError } from './cli.ts';
import { handlerEnvironment, LOCAL_TABLE_NAME, localUrl, portsFromEnv } from './settings.ts';

async function main(): Promise<void> {
  const ports = portsFromEnv();
  const defaults = handlerEnvironment({
    tableName: LOCAL_TABLE_NAME,
    dynamodbEndpoint: localUrl(ports.dynamodb),
    s3Endpoint: localUrl(ports.s3),
    appOrigin: localUrl(ports.web),
  });
  for (const [k, v] of Object.entries(defaults)) process.env[k] ??= v;
  const started = performance.now();
  const rebuilt = await rebuildDirectoryCounts();
  console.log(`Directory counts rebuilt for ${rebuilt.agents} agents in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  for (const [order, { buckets, largest }] of Object.entries(rebuilt.orders)) console.log(`  ${order.padEnd(20)} ${buckets} buckets, largest ${largest}`);
}

await main().catch(exitOnError);
