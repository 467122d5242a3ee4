// The fault-injection matrix of one money path: its DynamoDB calls are recorded once on fresh data,
// then each fault (a throttle, an answer lost after the write, a failed condition) is injected at
// each recorded call on fresh data again, the client's or the job's retry follows, and the effects
// are checked exactly once. Each case becomes a row of the fault table (.data/faults/*.json, printed
// by `npm run faults`); a case whose first answer was a 500 or a 2xx that did nothing, or whose
// effects are not exactly once, fails the test.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { clearFaults, CONDITIONED, FAULT_KINDS, injectFault, recordSteps, type FaultKind, type FaultPlan, type FaultScope, type RecordedStep } from '#platform/faults.ts';

/** The outcome of one attempt: an HTTP answer, or a job run that finished or threw. */
export interface Attempt {
  /** HTTP status; absent for a job. */
  status?: number;
  retryAfter?: string | null;
  /** A job's run: 'finished' or the error it threw. */
  run?: string;
  /** For a table cell: messages or a short note. */
  note?: string;
  /** A path run in a child process (`remote`): whether the fault fired there. */
  fired?: boolean;
}

export interface FaultPath<C> {
  /** As the table names it ("transfer", "lead sale"). */
  name: string;
  /** Whose calls the faults hit (default 'requests'; the projector's own for the projector). */
  scope?: FaultScope;
  /** The faults to inject (default all three). */
  faults?: readonly FaultKind[];
  /** Fresh data of the case's own (agents, orders, leads nobody else touches). */
  arrange(): Promise<C>;
  /** Its work runs in a child process that arms `plan` itself (`act` gets it); the faults are kills. */
  remote?: boolean;
  /** The first attempt, with the fault armed (here, or by the child for a `remote` path). */
  act(c: C, plan?: FaultPlan): Promise<Attempt>;
  /** The client's retry (same idempotency key) or the job's next run; default: `act` again. */
  retry?(c: C): Promise<Attempt>;
  /** What is wrong with the facts if the effect did not happen exactly once (empty: right). */
  facts(c: C): Promise<string[]>;
  /** The same for the views, checked once the projector has caught up. */
  views?(c: C): Promise<string[]>;
  /** Wait for the projector (the harness's `settled`). */
  settled?(): Promise<void>;
}

export interface FaultRow {
  path: string;
  step: string;
  fault: FaultKind;
  /** False when the call was not on this run's path (the fault never fired). */
  reached: boolean;
  first: string;
  retry: string;
  exactlyOnce: boolean;
  problems: string[];
}

const describeAttempt = (a: Attempt) =>
  a.status !== undefined ? `${a.status}${a.retryAfter ? ` Retry-After ${a.retryAfter}` : ''}${a.note ? ` ${a.note}` : ''}` : `${a.run ?? '?'}${a.note ? ` ${a.note}` : ''}`;

/** Wraps a job run: 'finished', or the name of what it threw. */
export async function jobAttempt(run: () => Promise<unknown>): Promise<Attempt> {
  try {
    await run();
    return { run: 'finished' };
  } catch (err) {
    return { run: `threw ${err instanceof Error ? err.name : String(err)}` };
  }
}

const WRITES = (operation: string) => CONDITIONED.has(operation) || operation === 'BatchWriteItem';

/** Which faults a step can take: reads only throttle; a kill goes before the first call or after a write. */
function applies(fault: FaultKind, step: RecordedStep, index: number): boolean {
  switch (fault) {
    case 'throttle':
      return true;
    case 'condition':
      return CONDITIONED.has(step.operation);
    case 'lost-answer':
    case 'kill-after':
      return WRITES(step.operation);
    case 'kill-before':
      return index === 0;
  }
}

/** The steps of the path, recorded on fresh data (the recording run's effects are checked too). */
export async function recordPath<C>(p: FaultPath<C>): Promise<RecordedStep[]> {
  const c = await p.arrange();
  const steps = await recordSteps(() => p.act(c), p.scope ?? 'requests');
  const wrong = await p.facts(c);
  if (wrong.length) throw new Error(`${p.name} without a fault is already wrong: ${wrong.join('; ')}`);
  return steps;
}

/**
 * Every fault at every step with FAULT_MATRIX=all (`npm run faults`); otherwise (`npm test`) one fault
 * at each of at most SAMPLED_STEPS steps (spread from the first call to the last), the kinds taking
 * turns from step to step, so every kind and the path's first and last calls are still tried.
 */
const EVERY_CASE = process.env.FAULT_MATRIX === 'all';

/** Steps a path tries in `npm test`: at most this many, spread evenly from its first to its last call. */
const SAMPLED_STEPS = 8;
const sampledStep = (index: number, count: number): boolean =>
  count <= SAMPLED_STEPS || Array.from({ length: SAMPLED_STEPS }, (_, i) => Math.round((i * (count - 1)) / (SAMPLED_STEPS - 1))).includes(index);

/** Runs the faults at every step (every fault with FAULT_MATRIX=all); answers the table's rows (the caller asserts on them). */
export async function runFaultMatrix<C>(p: FaultPath<C>, steps: RecordedStep[]): Promise<FaultRow[]> {
  const rows: FaultRow[] = [];
  const pending: { row: FaultRow; c: C }[] = [];
  for (const [index, step] of steps.entries()) {
    if (!EVERY_CASE && !sampledStep(index, steps.length)) continue;
    const faults = (p.faults ?? FAULT_KINDS).filter((fault) => applies(fault, step, index));
    for (const fault of EVERY_CASE ? faults : faults.slice(index % Math.max(faults.length, 1)).slice(0, 1)) {
      const c = await p.arrange();
      const plan: FaultPlan = { operation: step.operation, nth: step.nth, fault, scope: p.scope ?? 'requests' };
      const armed = p.remote ? undefined : injectFault(plan);
      let first: Attempt;
      try {
        first = await p.act(c, plan);
      } finally {
        clearFaults();
      }
      const problems: string[] = [];
      // A call made only on the first run of a process (a cache filled, a block of ids taken) is not
      // on a later run's path: the row says so, and the retry and the effects are still checked.
      const reached = armed ? armed.fired() : !!first.fired;
      if (first.status !== undefined) {
        if (first.status >= 500 && !(first.status === 503 && first.retryAfter)) problems.push(`first answer ${first.status} (a 5xx that is not a retryable 503 with Retry-After)`);
        // A success must have done its work: nothing may be left for the retry.
        if (first.status < 300) for (const w of await p.facts(c)) problems.push(`a ${first.status} that did not do its work: ${w}`);
      }
      const second = await (p.retry ?? p.act)(c);
      if (second.status !== undefined && second.status >= 300) problems.push(`the retry answered ${second.status}`);
      const wrong = await p.facts(c);
      problems.push(...wrong);
      const row: FaultRow = { path: p.name, step: `${step.operation} #${step.nth}${step.touches ? ` (${step.touches})` : ''}`, fault, reached, first: describeAttempt(first), retry: describeAttempt(second), exactlyOnce: wrong.length === 0, problems };
      rows.push(row);
      pending.push({ row, c });
    }
  }
  if (p.views && p.settled) {
    await p.settled();
    for (const { row, c } of pending) {
      const wrong = await p.views(c);
      if (wrong.length) {
        row.exactlyOnce = false;
        row.problems.push(...wrong.map((w) => `view: ${w}`));
      }
    }
  }
  return rows;
}

const TABLE_DIR = path.resolve(import.meta.dirname, '../../.data/faults');

/** Writes the path's rows where `npm run faults` reads them. */
export async function saveRows(name: string, rows: FaultRow[]): Promise<void> {
  await mkdir(TABLE_DIR, { recursive: true });
  await writeFile(path.join(TABLE_DIR, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`), `${JSON.stringify(rows, null, 2)}\n`);
}

export const faultTableDir = TABLE_DIR;

/** The rows as a Markdown table. */
export function faultTable(rows: FaultRow[]): string {
  const lines = ['| path | step (items touched) | fault | first answer | retry | exactly once | problems |', '|---|---|---|---|---|---|---|'];
  for (const r of rows)
    lines.push(`| ${r.path} | ${r.step} | ${r.reached ? r.fault : `${r.fault} (not reached)`} | ${r.first} | ${r.retry} | ${r.exactlyOnce ? 'yes' : 'NO'} | ${r.problems.join('; ').replace(/\|/g, '/') || ''} |`);
  return lines.join('\n');
}
