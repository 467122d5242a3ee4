// `npm start`: the whole product on this machine, until Ctrl-C.
import { exitOnError } from './cli.ts';
import { startLocalStack } from './stack.ts';

const started = performance.now();
const stack = await startLocalStack({ demoActivity: true }).catch(exitOnError);
console.log(`Ready: ${stack.url}  (started in ${((performance.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops everything)`);

let stoppingSince: number | undefined;
const shutdown = (signal: NodeJS.Signals) => {
  // The same signal often arrives twice at once (the terminal signals the whole process group and
  // tsx relays it too); only a later one means "stop waiting". The exit hook still kills Java.
  if (stoppingSince !== undefined) {
    if (Date.now() - stoppingSince > 1000) process.exit(130);
    return;
  }
  stoppingSince = Date.now();
  console.log(`\n${signal}: stopping...`);
  stack.stop().then(
    () => {
      console.log('Stopped.');
      process.exit(0);
    },
    (err: unknown) => exitOnError(err),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
