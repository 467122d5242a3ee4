// `npm run rebuild -- <view>|all`: rebuilds views of the local stack's table (or TABLE_NAME at
// DYNAMODB_ENDPOINT) from its facts through the projector's own view modules (functions/core/views/).
import { rebuildViews, viewsNamed } from '#core/views/rebuild.ts';
import { exitOnError } from './cli.ts';
import { isPortFree } from './services/ports.ts';
import { StartupError } from './services/startup-error.ts';
import { handlerEnvironment, LOCAL_TABLE_NAME, localUrl, portsFromEnv } from './settings.ts';

async function main(args: string[]): Promise<void> {
  const ports = portsFromEnv();
  if (!process.env.DYNAMODB_ENDPOINT && (await isPortFree(ports.dynamodb)))
    throw new StartupError(`The local stack is not running (nothing on port ${ports.dynamodb}): start it with npm start first.`);
  const defaults = handlerEnvironment({ tableName: LOCAL_TABLE_NAME, dynamodbEndpoint: localUrl(ports.dynamodb), s3Endpoint: localUrl(ports.s3), appOrigin: localUrl(ports.web) });
  for (const [k, v] of Object.entries(defaults)) process.env[k] ??= v;
  let views;
  try {
    views = viewsNamed(args);
  } catch (err) {
    throw new StartupError((err as Error).message);
  }
  const started = performance.now();
  const summary = await rebuildViews(views);
  console.log(`Rebuilt ${summary.views.join(', ')} from ${summary.applied} facts (${summary.scanned} items scanned) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

await main(process.argv.slice(2)).catch(exitOnError);
