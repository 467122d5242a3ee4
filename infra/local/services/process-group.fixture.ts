// The supervisor of process-group.test.ts: starts a tiny HTTP server in a process group of its own, as
// DynamoDB Local is started, waits until it answers, prints its pid and waits for a signal. With the
// argument `handles`, it has a SIGTERM handler of its own that exits with code 7.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { waitUntilAnswering } from './process-group.ts';

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const server = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`], { detached: true, stdio: 'ignore' });
await waitUntilAnswering(`http://127.0.0.1:${port}`, server, 20_000);
if (process.argv[2] === 'handles')
  process.on('SIGTERM', () => {
    console.log('own handler: SIGTERM');
    process.exit(7);
  });
console.log(`server ${server.pid}`);
setInterval(() => undefined, 1_000);
