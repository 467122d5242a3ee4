// `npm test`: the static checks (eslint, both TypeScript projects) and every vitest project, started
// together. The browser tests spend most of their time waiting on pages, so the checks run beside
// them (at a lower priority) rather than in front of them; on a two-core machine that saves the
// checks' minute and a half of the run. The checks' output is printed once they finish (all of it
// when one fails); vitest's output streams as usual and ends with its "Tests:" line. The exit code
// is vitest's, or 1 when a check failed.
import { spawn } from 'node:child_process';

interface Check {
  name: string;
  command: string[];
}

const CHECKS: Check[] = [
  { name: 'lint', command: ['npx', 'eslint', '.'] },
  { name: 'typecheck (server)', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'typecheck (browser)', command: ['npx', 'tsc', '-p', 'frontend/tsconfig.json'] },
];

/** Runs a check at a lower CPU priority with its output kept; resolves with the exit code and the output. */
function runCheck({ command }: Check): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '10', ...command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (err) => resolve({ code: 1, output: `${output}${err.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runChecks(): Promise<boolean> {
  let ok = true;
  // One after another: together with vitest they would only fight over the same two cores.
  for (const check of CHECKS) {
    const started = Date.now();
    const { code, output } = await runCheck(check);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    if (code === 0) {
      console.log(`\n[npm test] ${check.name}: passed (${seconds} s)`);
    } else {
      ok = false;
      console.error(`\n[npm test] ${check.name}: FAILED (exit ${code}, ${seconds} s)\n${output}`);
    }
  }
  return ok;
}

function runVitest(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const [checksOk, vitestCode] = await Promise.all([runChecks(), runVitest(process.argv.slice(2))]);
if (!checksOk) console.error('\n[npm test] a static check failed: see its output above.');
process.exit(vitestCode !== 0 ? vitestCode : checksOk ? 0 : 1);
