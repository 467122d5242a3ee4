// The csvProcess job applying do-not-call files, killed mid-run (issue 24): a replace and an add, each
// run in a child process that SIGKILLs itself just before its first DynamoDB call or just after each
// write; then Lambda's retry of the S3 event a minute later (on an injected clock), or the file sent
// again when the status said Failed. Whatever the step, the list ends holding exactly the file's
// numbers under its active version, with the count of distinct numbers, and the upload Succeeded.
process.env.FAULT_INJECTION = 'on';
import { expect, it } from 'vitest';
import type { FaultPlan } from '#platform/faults.ts';
import { useApiHarness, type Session } from '../../support/api-harness.ts';
import { jobAttempt, recordPath, runFaultMatrix, saveRows, type Attempt, type FaultPath } from '../../support/fault-matrix.ts';
import { runInChild } from './run-in-child.ts';

const api = useApiHarness();

const { Upload } = await import('#entities/upload.ts');
const { DncList } = await import('#entities/do-not-call.ts');
const { processUploadedObject } = await import('#core/uploads/process-upload.ts');
const { listsHolding } = await import('#core/compliance/do-not-call-check.ts');
const { dncListIdOf } = await import('#shared/do-not-call.ts');

const inChild = (plan: FaultPlan, input: object): Promise<Attempt> => runInChild('csv', { ...plan, scope: 'requests' }, input);

interface SentFile {
  uploadId: string;
  object: { bucket: string; key: string; size: number };
}

let admin: Session | undefined;
const RUN = Date.now().toString(36);
let cases = 0;

/** A list's file as staff send it: the ticket from the API, then the PUT to its URL. */
async function sendList(listName: string, mode: 'replace' | 'add', phones: string[]): Promise<SentFile> {
  admin ??= await api.sessionFor('admin');
  const csv = `Phone\r\n${phones.join('\r\n')}\r\n`;
  const answer = await api.call('campaigns.doNotCallUpload', { params: {}, query: {}, session: admin, body: { FileName: 'dnc.csv', ContentLength: Buffer.byteLength(csv), ListName: listName, Mode: mode } });
  expect(answer.status, answer.errors.join()).toBe(201);
  const put = await fetch(answer.body.Url, { method: answer.body.Method, headers: answer.body.Headers, body: csv });
  expect(put.status).toBe(200);
  const [, bucket, ...key] = new URL(answer.body.Url).pathname.split('/');
  return { uploadId: answer.body.UploadId, object: { bucket: bucket!, key: decodeURIComponent(key.join('/')), size: Buffer.byteLength(csv) } };
}

interface DncCase {
  listName: string;
  mode: 'replace' | 'add';
  /** The file under test, and every number the list must hold after it. */
  file: string[];
  expected: string[];
  uploads: SentFile[];
}

/** Numbers of the case's own: 6 08 5xx xxxx by case. */
const numbersOf = (n: number, count: number) => Array.from({ length: count }, (_v, i) => String(6_085_000_000 + n * 100 + i));

function dncKilled(mode: 'replace' | 'add'): FaultPath<DncCase> {
  return {
    name: `do-not-call ${mode} (killed)`,
    remote: true,
    faults: ['kill-before', 'kill-after'],
    arrange: async () => {
      const n = cases++;
      const listName = `Kill ${RUN} ${n}`;
      const [a, b, c, d] = numbersOf(n, 4) as [string, string, string, string];
      // The list before the file: a and b, applied without a fault.
      const base = await sendList(listName, 'replace', [a, b]);
      await processUploadedObject(base.object);
      const file = mode === 'replace' ? [b, c, d] : [b, c, d, c];
      return { listName, mode, file, expected: mode === 'replace' ? [b, c, d] : [a, b, c, d], uploads: [await sendList(listName, mode, file)] };
    },
    act: ({ uploads }, plan) => (plan ? inChild(plan, { object: uploads[0]!.object }) : jobAttempt(() => processUploadedObject(uploads[0]!.object))),
    retry: async (c) => {
      const last = c.uploads.at(-1)!;
      const record = await Upload.get({ uploadId: last.uploadId }, { consistent: true });
      if (record?.status === 'Failed') {
        const again = await sendList(c.listName, c.mode, c.file);
        c.uploads.push(again);
        return { ...(await jobAttempt(() => processUploadedObject(again.object))), note: 'file sent again' };
      }
      // Lambda retries the S3 event a minute later; the killed run's claim has run out by then.
      return { ...(await jobAttempt(() => processUploadedObject(last.object, () => new Date(Date.now() + 61_000)))), note: 'event retried' };
    },
    facts: async ({ listName, expected, uploads }) => {
      const problems: string[] = [];
      const list = await DncList.get({ listId: dncListIdOf(listName) }, { consistent: true });
      if (!list) return [`the list ${listName} is missing`];
      if (list.count !== expected.length) problems.push(`the list counts ${list.count}, not ${expected.length}`);
      const active = [{ listId: list.listId, name: list.name, version: list.activeVersion }];
      for (const phone of expected) if ((await listsHolding(phone, active)).length !== 1) problems.push(`${phone} is not on the list`);
      const record = await Upload.get({ uploadId: uploads.at(-1)!.uploadId }, { consistent: true });
      if (record?.status !== 'Succeeded') problems.push(`the upload is ${record?.status} (${(record?.errorMessages ?? []).join('; ')})`);
      return problems;
    },
  };
}

for (const path of [dncKilled('replace'), dncKilled('add')] as FaultPath<unknown>[]) {
  it(`${path.name}: killed before its first call or after each write, then run again, applies the file exactly once`, async () => {
    const steps = await recordPath(path);
    expect(steps.length).toBeGreaterThan(0);
    const result = await runFaultMatrix(path, steps);
    await saveRows(path.name, result);
    expect(result.filter((r) => r.problems.length).map((r) => `${r.step} ${r.fault}: ${r.first} → ${r.retry}: ${r.problems.join('; ')}`)).toEqual([]);
    expect(result.filter((r) => r.reached).length).toBeGreaterThan(0);
  }, 600_000);
}
