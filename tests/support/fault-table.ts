// `npm run faults`: runs the fault-injection suite (tests/integration/faults/, the integration project)
// and prints its table, path × step × fault → the first answer, the retry and whether the effects
// happened exactly once, with a summary; it also writes the table to .data/fault-table.md.
// `npm run faults -- --print` prints the table of the last run without running the suite.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { faultTable, faultTableDir, type FaultRow } from './fault-matrix.ts';

const root = path.resolve(import.meta.dirname, '../..');
const printOnly = process.argv.includes('--print');

let status = 0;
if (!printOnly) {
  const started = Date.now();
  // The suite's output (every injected fault logs a warning or an error, by design) goes to a log file.
  // Two files at a time: most of a case is waiting for DynamoDB Local's stream, not computing.
  rmSync(faultTableDir, { recursive: true, force: true });
  mkdirSync(faultTableDir, { recursive: true });
  const logFile = path.join(root, '.data/fault-suite.log');
  const log = openSync(logFile, 'w');
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'integration', 'tests/integration/faults/', '--maxWorkers=2'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', FAULT_MATRIX: 'all' },
  });
  closeSync(log);
  status = run.status ?? 1;
  console.log(`The fault suite ${status === 0 ? 'passed' : `FAILED (exit ${status}; its output is in ${path.relative(root, logFile)})`} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  if (status !== 0) console.log(readFileSync(logFile, 'utf8').split('\n').filter((l) => /FAILED:|Error|✗|×/.test(l)).slice(-20).join('\n'));
}

if (!existsSync(faultTableDir)) {
  console.log('No fault table yet: run `npm run faults`.');
  process.exit(1);
}
const rows: FaultRow[] = readdirSync(faultTableDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(path.join(faultTableDir, f), 'utf8')) as FaultRow[]);
const reached = rows.filter((r) => r.reached);
const wrong = rows.filter((r) => r.problems.length);
const paths = [...new Set(rows.map((r) => r.path))];
const summary = [
  `${rows.length} cases (path × step × fault) over ${paths.length} paths: ${paths.join(', ')}.`,
  `${reached.length} reached their step (${rows.length - reached.length} steps are taken only on a process's first run and were not reached again).`,
  `First answers: ${reached.filter((r) => r.first.startsWith('503')).length} retryable 503 with Retry-After, ${reached.filter((r) => /^[1-4]\d\d/.test(r.first)).length} non-5xx, ${reached.filter((r) => !/^\d/.test(r.first)).length} job runs; ${rows.filter((r) => /^5\d\d/.test(r.first) && !r.first.startsWith('503')).length} other 5xx.`,
  `Exactly once: ${rows.filter((r) => r.exactlyOnce).length} of ${rows.length}; ${wrong.length} case(s) with problems.`,
].join('\n');
const table = `${faultTable(rows)}\n\n${summary}\n`;
writeFileSync(path.join(root, '.data/fault-table.md'), table);
console.log(table);
process.exit(status || (wrong.length ? 1 : 0));
