// `npm run seed -- [--agents N] [--force] [--no-activity]`: seeds the table at DYNAMODB_ENDPOINT
// (default the local stack's) / TABLE_NAME (default leadportal-local) and prints counts and time.
// Without --force an already seeded table is left alone; --force drops and recreates the table, then
// seeds again. The demo activity (a month of leads through the engine) is included unless --no-activity.
import { parseArgs } from 'node:util';
import { DeleteTableCommand, ResourceNotFoundException, waitUntilTableNotExists } from '@aws-sdk/client-dynamodb';
import { tableName } from '#platform/dynamo.ts';
import { DEFAULT_AGENT_COUNT, seed, seedIfEmpty } from '#core/seed/index.ts';
import { exitOnError } from './cli.ts';
import { StartupError } from './services/startup-error.ts';
import { ensureTable, localDynamoClient } from './services/table.ts';
import { handlerEnvironment, LOCAL_TABLE_NAME, localUrl, portsFromEnv } from './settings.ts';

function options(argv: string[]): { agents: number; force: boolean; demoActivity: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: { agents: { type: 'string' }, force: { type: 'boolean', default: false }, 'no-activity': { type: 'boolean', default: false } },
  });
  const agents = values.agents === undefined ? DEFAULT_AGENT_COUNT : Number(values.agents);
  if (!Number.isInteger(agents) || agents < 1) throw new StartupError(`--agents takes a positive whole number, not "${values.agents}".`);
  return { agents, force: values.force ?? false, demoActivity: !values['no-activity'] };
}

/** Drop the table and create it again: far faster than deleting items one by one. */
async function recreateTable(endpoint: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName() }));
    await waitUntilTableNotExists({ client, maxWaitTime: 60 }, { TableName: tableName() });
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  } finally {
    client.destroy();
  }
  await ensureTable(endpoint, tableName());
}

async function main(): Promise<void> {
  const { agents, force, demoActivity } = options(process.argv.slice(2));
  const ports = portsFromEnv();
  const defaults = handlerEnvironment({
    tableName: LOCAL_TABLE_NAME,
    dynamodbEndpoint: localUrl(ports.dynamodb),
    s3Endpoint: localUrl(ports.s3),
    appOrigin: localUrl(ports.web),
  });
  for (const [k, v] of Object.entries(defaults)) process.env[k] ??= v;
  const endpoint = process.env.DYNAMODB_ENDPOINT!;

  try {
    await ensureTable(endpoint, tableName());
  } catch (err) {
    if ((err as { code?: string }).code === 'ECONNREFUSED' || (err as Error).name === 'TimeoutError')
      throw new StartupError(`No DynamoDB at ${endpoint}: start the local stack (npm start) or set DYNAMODB_ENDPOINT.`);
    throw err;
  }
  console.log(`seed: table ${tableName()} at ${endpoint}`);
  const started = Date.now();
  if (force) {
    await recreateTable(endpoint);
    console.log('seed: table emptied (dropped and created again)');
  }
  let lastReport = 0;
  const onProgress = (done: number, total: number) => {
    if (Date.now() - lastReport < 2_000 && done < total) return;
    lastReport = Date.now();
    console.log(`seed: ${done}/${total} agents written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  const result = force ? { seeded: true, counts: await seed({ agents, onProgress, demoActivity }) } : await seedIfEmpty({ agents, onProgress, demoActivity });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!result.seeded) {
    console.log('seed: the table is already seeded; nothing written (use --force to empty it and seed again)');
    return;
  }
  for (const [kind, n] of Object.entries(result.counts)) console.log(`  ${kind.padEnd(20)} ${n}`);
  console.log(`seed: done in ${seconds} s`);
}

await main().catch(exitOnError);
