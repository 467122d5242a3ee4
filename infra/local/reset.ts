// `npm run reset`: wipes `.data/`, then recreates the table and the demo data. Refuses while the stack
// runs, since DynamoDB Local holds the data files open.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { exitOnError } from './cli.ts';
import { assertJava } from './services/dynamodb.ts';
import { isPortFree } from './services/ports.ts';
import { StartupError } from './services/startup-error.ts';
import { DEFAULT_DATA_DIR, PORT_VARIABLES, portsFromEnv } from './settings.ts';
import { startDataLayer } from './stack.ts';

async function reset(): Promise<void> {
  const ports = portsFromEnv();
  for (const key of ['dynamodb', 'api'] as const)
    if (!(await isPortFree(ports[key])))
      throw new StartupError(
        `The local stack seems to be running (port ${ports[key]}, ${PORT_VARIABLES[key]}, is in use): stop it with Ctrl-C, then run npm run reset again.`,
      );

  // Wiping is only safe once the data can be rebuilt.
  assertJava();
  await rm(DEFAULT_DATA_DIR, { recursive: true, force: true });
  console.log(`wiped     ${path.relative(process.cwd(), DEFAULT_DATA_DIR)}/`);
  const data = await startDataLayer({ ports, dataDir: DEFAULT_DATA_DIR, log: console.log, demoActivity: true });
  await data.stop();
  console.log('Reset done: npm start serves the fresh demo data.');
}

await reset().catch(exitOnError);
