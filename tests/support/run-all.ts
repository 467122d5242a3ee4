// `npm test`: the static checks (eslint, both TypeScript projects) and every vitest project.
//
// One vitest run would finish the parallel projects (unit, component, integration, infra) first and
// only then start the browser files, which run one after another on each of their stacks
// (tests/support/e2e-setup.ts): the two phases added up. Here the browser tests run in a vitest
// process of their own from the start, at normal priority since they are the longest path, while the
// other projects and the static checks run beside them at a lower priority. The
// browser run streams its output; the other two print theirs when they end (all of it when a check
// fails). The last line adds up both runs' "Tests:" lines. Arguments (`npm test -- --project unit`)
// go to one ordinary vitest run instead.
import { spawn } from 'node:child_process';
import { FAILED_PREFIX } from './summary-reporter.ts';

interface Run {
  name: string;
  command: string[];
}

// The type checks use TypeScript 7 (the native compiler, package alias typescript-7): the same errors
// as 5.9's tsc in 17 CPU-s instead of 74 on an idle machine (in a full run 20 instead of 86), on one
// thread each since the tests take the other cores. typescript-eslint still needs 5.9's API, the
// `typescript` package.
const TSC_7 = ['node', 'node_modules/typescript-7/bin/tsc', '--singleThreaded'];
const CHECKS: Run[] = [
  { name: 'lint', command: ['npx', 'eslint', '.'] },
  { name: 'typecheck (server)', command: [...TSC_7, '-p', 'tsconfig.json'] },
  { name: 'typecheck (browser)', command: [...TSC_7, '-p', 'frontend/tsconfig.json'] },
];
const PARALLEL_PROJECTS = ['unit', 'unit-mocks', 'component', 'component-mocks', 'integration', 'integration-mocks', 'infra'];
const NICE = ['nice', '-n', '10'];

/** Runs a command with its output kept; resolves with the exit code and the output. */
function runQuietly(command: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (err) => resolve({ code: 1, output: `${output}${err.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs a command with its output streamed; resolves with the exit code. */
function runStreaming(command: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runChecks(): Promise<boolean> {
  let ok = true;
  // One after another: together they would only fight over the same two cores.
  for (const check of CHECKS) {
    const started = Date.now();
    const { code, output } = await runQuietly([...NICE, ...check.command]);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    if (code === 0) console.log(`\n[npm test] ${check.name}: passed (${seconds} s)`);
    else {
      ok = false;
      console.error(`\n[npm test] ${check.name}: FAILED (exit ${code}, ${seconds} s)\n${output}`);
    }
  }
  return ok;
}

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

/** The figures of the summary reporter's "Tests: N passed, N failed, N skipped" line. */
function tallyOf(output: string): Tally | undefined {
  // eslint-disable-next-line no-control-regex -- vitest's colours
  const m = /Tests: (\d+) passed, (\d+) failed, (\d+) skipped/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
  return m ? { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3]) } : undefined;
}

async function runParallelProjects(): Promise<{ code: number; tally: Tally | undefined; output: string }> {
  const started = Date.now();
  const { code, output } = await runQuietly([...NICE, 'npx', 'vitest', 'run', ...PARALLEL_PROJECTS.flatMap((p) => ['--project', p])]);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\n[npm test] ${PARALLEL_PROJECTS.join(', ')}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${minutes} min; their output:\n${output}`);
  return { code, tally: tallyOf(output), output };
}

/** The browser run, streamed, with its output (both streams) also kept: its "Tests:" line, and its end when it fails. */
function runE2e(): Promise<{ code: number; tally: Tally | undefined; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'e2e'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('error', (err) => resolve({ code: 1, tally: undefined, output: `${output}${err.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, tally: tallyOf(output), output: signal ? `${output}\n(ended by ${signal})\n` : output }));
  });
}

/** The last lines of a run's output (what a CI log that keeps only its end must still show). */
function tailOf(output: string, lines = 80): string {
  return output.trimEnd().split('\n').slice(-lines).join('\n');
}

const args = process.argv.slice(2);
if (args.length > 0) {
  const [checksOk, code] = await Promise.all([runChecks(), runStreaming(['npx', 'vitest', 'run', ...args])]);
  process.exit(code !== 0 ? code : checksOk ? 0 : 1);
}

const [checksOk, parallel, e2e] = await Promise.all([runChecks(), runParallelProjects(), runE2e()]);
if (!checksOk) console.error('\n[npm test] a static check failed: see its output above.');
// The browser run streamed first, so its failure is repeated here, after the other projects' output.
if (e2e.code !== 0) console.error(`\n[npm test] e2e: FAILED (exit ${e2e.code}${e2e.tally ? '' : ', without its summary: it stopped before the end'}); the end of its output:\n${tailOf(e2e.output)}`);
const runs = [parallel, e2e];
// Last before the count, every failed test of both runs by name with its message (the summary reporter's lines).
// eslint-disable-next-line no-control-regex -- vitest's colours
const failures = [parallel.output, e2e.output].flatMap((o) => o.replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((l) => l.startsWith(FAILED_PREFIX)));
if (failures.length) console.error(`\n[npm test] failed tests:\n${failures.join('\n')}`);
const total = runs.reduce<Tally>((sum, r) => ({ passed: sum.passed + (r.tally?.passed ?? 0), failed: sum.failed + (r.tally?.failed ?? 0), skipped: sum.skipped + (r.tally?.skipped ?? 0) }), { passed: 0, failed: 0, skipped: 0 });
// A run that ended without its line (it crashed) counts as a failure.
const failed = total.failed + runs.filter((r) => r.code !== 0 && (r.tally?.failed ?? 0) === 0).length;
console.log(`\nTests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
process.exit(runs.some((r) => r.code !== 0) ? 1 : checksOk ? 0 : 1);
