// Benchmark of the do-not-call scrub (issue 24, "Done means": a lead on an uploaded do-not-call list of
// 1,000,000 numbers is refused, and the scrub adds at most one read to the intake path, its figure
// beside the raw read). On the integration harness's stack (the local gateway, the intake area's
// handler in this process, the projector raising the catalogue's version so the engine holds the lists):
//   (1) load: a list of DNC_BENCH_NUMBERS numbers (default 1,000,000, about 12 MB) uploaded end to end
//       as staff upload it (ticket, PUT to s3rver, the csvProcess job with the 300 s timeout it has in
//       AWS: a run pauses when short of time and the continuation object it writes starts the next, as
//       S3's notification does there), its runs and rate printed; and a second list of DNC_BENCH_UPLOAD
//       numbers (default 20,000) the same way;
//   (2) intake latency over HTTP as a vendor posts (one at a time, leads of a state without orders, so
//       they go unsold and the scrub's share is not hidden by a sale), in rounds of ten alternating
//       with both lists active (leads off the lists, and leads on the big one, refused "Do not call")
//       and with both switched off (no scrub; half of them numbers of the big list, which then pass);
//       each lead followed by one raw GetItem of a number's item and one raw BatchGetItem of the two
//       lists' keys on the same DynamoDB Local; p50 and p99;
//   (3) DynamoDB requests per lead (every GetItem, BatchGetItem and Query the request sent, recorded on
//       the document client; the projector's own calls aside), with and without the scrub, and the
//       scrub's own among them (target: at most one a lead): a BatchGetItem of only the phone's keys, or
//       the lists' Query after they changed; once the process holds the lists, the phone's keys ride in
//       the post's first BatchGetItem and the scrub sends no request of its own.
//
//   npx vitest run --project bench tests/bench/do-not-call.test.ts      (or: npm run bench -- do-not-call)
//   DNC_BENCH_NUMBERS=200000 DNC_BENCH_SAMPLES=100 for a shorter run.
//
// On this 2-core machine (3 December 2026, load average about 1 at the start): the million numbers
// (11.4 MB) uploaded end to end in 855 s, the job in 4 runs each within its 300 s timeout (1,170 a
// second: DynamoDB Local; in AWS the same batches run at the table's write capacity), 20,000 in 24 s;
// a lead on the million-number list refused; intake p50 32.7 ms with the scrub and 25.4 ms without (p99
// 127 and 168), raw GetItem p50 about 4 ms in the same run; read requests per lead 2.67 with the scrub
// and 2.60 without, the scrub's own 0.10 a lead (max 1: a BatchGetItem of the phone's keys on the
// first lead after a switch of the lists), the phone's 2 keys otherwise riding in the post's first
// BatchGetItem. About 20 minutes.
import { cpus, loadavg } from 'node:os';
import { GetCommand, BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doNotCallReason } from '#shared/do-not-call.ts';
import type { ProcessResult } from '#core/uploads/process-upload.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';
import { recordDynamoCalls, type DynamoRecorder } from '../support/dynamo-recorder.ts';
import { percentile } from './raw-dynamodb.ts';

const NUMBERS = Number(process.env.DNC_BENCH_NUMBERS ?? 1_000_000);
const UPLOAD_NUMBERS = Number(process.env.DNC_BENCH_UPLOAD ?? 20_000);
const SAMPLES = Number(process.env.DNC_BENCH_SAMPLES ?? 200);
/** Leads per round before the lists are switched the other way. */
const ROUND = 10;
const LONG = 3_600_000;

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { codeLetter: 'D', idPrefix: 'D', names: { campaign: 'Scrub bench' }, firstPhone: 9095550000, postDefaults: { StateCode: 'WY', ZipCode: '82001' } });

const { DncList, DncNumber } = await import('#entities/do-not-call.ts');
const { Vendor } = await import('#entities/vendor.ts');
const { DNC_WRITE_CONCURRENCY, DNC_WRITE_STEP } = await import('#core/compliance/do-not-call-writer.ts');
const { continuationKey } = await import('#core/uploads/process-upload.ts');
const { invokeJob, s3PutEvent } = await import('../../infra/local/jobs.ts');
const { docClient, tableName } = await import('#platform/dynamo.ts');

const say = (line: string) => console.log(`dnc-bench: ${line}`);
const ms = (n: number) => `${n.toFixed(2)} ms`;
/** The big list's numbers: 200 000 0000 + i (area code 200 on, never a fixture's phone). */
const bigNumber = (i: number) => String(2_000_000_000 + i);
/** The uploaded list's numbers: 300 000 0000 + i. */
const uploadNumber = (i: number) => String(3_000_000_000 + i);

/** The million-number list, as its upload names it. */
const BIG = { listId: '', name: 'Bench National', version: 0 };
let admin: Session;
let recorder: DynamoRecorder;
let uploadedListId = '';
let uploadedVersion = 0;

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  // Posts a minute far above the run's rate: the limit is not what is measured.
  await Vendor.patch({ vendorId: fx.ids.vendor }, { set: { postsPerMinute: 30_000 } });
  recorder = recordDynamoCalls(docClient());
}, LONG);

afterAll(() => recorder?.restore());

describe('do-not-call scrub', () => {
  /**
   * A list's CSV end to end, as staff upload it: the ticket, the PUT to s3rver, and the csvProcess job
   * as S3's notifications run it (the file's, then each continuation object a paused run writes, with
   * the job's timeout in AWS); returns the list's id and active version.
   */
  async function uploadList(name: string, numberOf: (i: number) => string, count: number): Promise<{ listId: string; version: number }> {
    const csv = `Phone\r\n${Array.from({ length: count }, (_v, i) => numberOf(i)).join('\r\n')}\r\n`;
    const started = performance.now();
    const ticket = await api.call('campaigns.doNotCallUpload', { params: {}, query: {}, session: admin, body: { FileName: 'bench-dnc.csv', ContentLength: Buffer.byteLength(csv), ListName: name, Mode: 'replace' } });
    expect(ticket.status, ticket.errors.join()).toBe(201);
    const put = await fetch(ticket.body.Url, { method: ticket.body.Method, headers: ticket.body.Headers, body: csv });
    expect(put.status).toBe(200);
    const [, bucket, ...key] = new URL(ticket.body.Url).pathname.split('/');
    const fileKey = decodeURIComponent(key.join('/'));
    let event = s3PutEvent({ bucket: bucket!, key: fileKey, size: Buffer.byteLength(csv), eTag: 'bench' });
    for (let run = 1; ; run++) {
      const job = await invokeJob('csvProcess', event);
      expect(job.error).toBeUndefined();
      const [result] = job.result as ProcessResult[];
      say(`    ${name}: run ${run} ${result?.outcome} after ${(job.ms / 1000).toFixed(0)} s${result?.outcome === 'paused' ? ` at ${result.rowsDone.toLocaleString('en-US')} of ${result.rows.toLocaleString('en-US')}` : ''}`);
      if (result?.outcome !== 'paused') break;
      event = s3PutEvent({ bucket: bucket!, key: continuationKey(fileKey), size: 1, eTag: `bench-${run}` });
    }
    const status = await api.call('uploads.status', { session: admin, params: { uploadId: ticket.body.UploadId } });
    const elapsed = performance.now() - started;
    expect(status.body).toMatchObject({ Status: 'Succeeded', Rows: count, FailedRows: 0 });
    const lists = await api.call('campaigns.doNotCallLists', { params: {}, query: {}, session: admin });
    const list = lists.body.find((l) => l.Name === name)!;
    expect(list.Count).toBe(count);
    say(`    ${name}: ${count.toLocaleString('en-US')} numbers (${(Buffer.byteLength(csv) / 1_048_576).toFixed(1)} MB) ticket + PUT + csvProcess in ${(elapsed / 1000).toFixed(1)} s = ${Math.round(count / (elapsed / 1000)).toLocaleString('en-US')} numbers/s`);
    return { listId: list.ListId, version: (await DncList.get({ listId: list.ListId }, { consistent: true }))!.activeVersion };
  }

  it(`uploads a list of ${NUMBERS.toLocaleString('en-US')} numbers and one of ${UPLOAD_NUMBERS.toLocaleString('en-US')} end to end through the CSV pipeline`, { timeout: LONG }, async () => {
    say(`DynamoDB Local (in memory), Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
    const started = performance.now();
    const big = await uploadList(BIG.name, bigNumber, NUMBERS);
    BIG.listId = big.listId;
    BIG.version = big.version;
    say(`(1) load: ${NUMBERS.toLocaleString('en-US')} numbers uploaded in ${((performance.now() - started) / 1000).toFixed(1)} s (BatchWriteItem of 25, ${DNC_WRITE_CONCURRENCY} in flight, steps of ${DNC_WRITE_STEP.toLocaleString('en-US')})`);
    const uploaded = await uploadList('Bench Internal', uploadNumber, UPLOAD_NUMBERS);
    uploadedListId = uploaded.listId;
    uploadedVersion = uploaded.version;
    await api.settled();
  });

  const rawGet = async (phone: string) => {
    const started = performance.now();
    await docClient().send(new GetCommand({ TableName: tableName(), Key: DncNumber.key({ phone, listId: BIG.listId, listVersion: BIG.version }) }));
    return performance.now() - started;
  };
  const rawBatchGet = async (phone: string) => {
    const started = performance.now();
    const Keys = [DncNumber.key({ phone, listId: BIG.listId, listVersion: BIG.version }), DncNumber.key({ phone, listId: uploadedListId, listVersion: uploadedVersion })];
    await docClient().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys } } }));
    return performance.now() - started;
  };
  const timedPost = async (over: Record<string, unknown>) => {
    const started = performance.now();
    const answer = await fx.post(over);
    return { ms: performance.now() - started, answer };
  };
  const reads = (calls: { command: string; scope: string }[]) => calls.filter((c) => c.scope !== 'projector' && ['GetCommand', 'BatchGetCommand', 'QueryCommand'].includes(c.command));
  /** The DNC# keys the request's reads named (folded into another BatchGet, or a BatchGet of their own). */
  const dncKeysRead = (calls: { command: string; input: Record<string, unknown>; scope: string }[]) =>
    reads(calls as never).flatMap((c) => {
      const input = (c as unknown as { input: { RequestItems?: Record<string, { Keys: { pk: string }[] }>; Key?: { pk: string } } }).input;
      const keys = input.RequestItems ? Object.values(input.RequestItems).flatMap((r) => r.Keys) : input.Key ? [input.Key] : [];
      return keys.filter((k) => String(k.pk).startsWith('DNC#'));
    }).length;
  const line = (name: string, samples: number[]) => `${name.padEnd(44)} p50 ${ms(percentile(samples, 50)).padStart(9)}  p99 ${ms(percentile(samples, 99)).padStart(9)}`;

  /**
   * The requests the scrub itself sent: a BatchGetItem of nothing but the phone's DNC# keys (when they
   * were not folded into the post's first read) and the Query of the lists (once per catalogue version).
   */
  const scrubRequests = (calls: { command: string; input: Record<string, unknown>; scope: string }[]) =>
    reads(calls as never).filter((c) => {
      const input = (c as unknown as { input: { RequestItems?: Record<string, { Keys: { pk: string }[] }>; ExpressionAttributeValues?: Record<string, unknown> } }).input;
      if (input.RequestItems) return Object.values(input.RequestItems).flatMap((r) => r.Keys).every((k) => String(k.pk).startsWith('DNC#'));
      return Object.values(input.ExpressionAttributeValues ?? {}).includes('DNC_LISTS');
    }).length;

  const withScrub = { off: [] as number[], on: [] as number[], get: [] as number[], batch: [] as number[], reads: [] as number[], scrub: [] as number[], dncKeys: [] as number[], kinds: new Map<string, number>() };
  const without = { off: [] as number[], get: [] as number[], batch: [] as number[], reads: [] as number[], scrub: [] as number[], kinds: new Map<string, number>() };
  /** Counts the reads by command and the partition they name first (its prefix before `#`), to compare both sides. */
  const countKinds = (into: Map<string, number>, calls: { command: string; input: Record<string, unknown>; scope: string }[]) => {
    for (const c of reads(calls as never)) {
      const input = (c as unknown as { input: { RequestItems?: Record<string, { Keys: { pk: string }[] }>; Key?: { pk: string }; ExpressionAttributeValues?: Record<string, unknown> } }).input;
      const pk = input.RequestItems ? Object.values(input.RequestItems)[0]?.Keys[0]?.pk : input.Key ? input.Key.pk : Object.values(input.ExpressionAttributeValues ?? {})[0];
      const label = `${c.command.replace('Command', '')} ${String(pk ?? '').split('#')[0]}`;
      into.set(label, (into.get(label) ?? 0) + 1);
    }
  };

  const setLists = async (active: boolean) => {
    await DncList.patch({ listId: BIG.listId }, { set: { active } });
    await DncList.patch({ listId: uploadedListId }, { set: { active } });
    await api.settled();
  };

  it('refuses a lead on the million-number list, and times leads with and without the scrub in alternating rounds beside the raw reads', { timeout: LONG }, async () => {
    const listed = bigNumber(NUMBERS - 7);
    const refused = await fx.post({ PrimaryPhone: listed });
    expect(refused.body).toMatchObject({ Result: 'rejected', Reasons: [doNotCallReason([BIG.name])] });
    // Warm the path (JIT, held catalogue, connections) before measuring.
    for (let i = 0; i < 20; i++) await fx.post({});
    // Rounds of ROUND leads with the lists on, then off, so both see the same load on this shared machine.
    for (let done = 0; done < SAMPLES; done += ROUND) {
      await setLists(true);
      for (let i = done; i < Math.min(SAMPLES, done + ROUND); i++) {
        const calls = await recorder.during(async () => {
          const off = await timedPost({});
          expect(off.answer.body.Result).toBe('unsold');
          withScrub.off.push(off.ms);
        });
        withScrub.reads.push(reads(calls).length);
        countKinds(withScrub.kinds, calls as never);
        withScrub.dncKeys.push(dncKeysRead(calls));
        withScrub.scrub.push(scrubRequests(calls));
        // From the list's upper half: the leads without the scrub post numbers of its lower half, never one refused here (a refused lead dedupes its phone).
        const on = await timedPost({ PrimaryPhone: bigNumber(Math.floor(NUMBERS / 2 + Math.random() * (NUMBERS / 2))) });
        expect(on.answer.body.Result).toBe('rejected');
        withScrub.on.push(on.ms);
        withScrub.get.push(await rawGet(bigNumber(i)));
        withScrub.batch.push(await rawBatchGet(bigNumber(i)));
      }
      await setLists(false);
      for (let i = done; i < Math.min(SAMPLES, done + ROUND); i++) {
        const calls = await recorder.during(async () => {
          const off = await timedPost({ PrimaryPhone: i % 2 ? bigNumber(i) : fx.nextPhone() });
          expect(off.answer.body.Result).toBe('unsold');
          without.off.push(off.ms);
        });
        without.reads.push(reads(calls).length);
        countKinds(without.kinds, calls as never);
        without.scrub.push(scrubRequests(calls));
        without.get.push(await rawGet(bigNumber(i)));
        without.batch.push(await rawBatchGet(bigNumber(i)));
      }
    }
  });

  it('prints the figures: the scrub adds at most one read per lead', () => {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    say(`(2) intake latency over HTTP, ${SAMPLES} leads each, one at a time (unsold leads; lists of ${NUMBERS.toLocaleString('en-US')} and ${UPLOAD_NUMBERS.toLocaleString('en-US')} numbers):`);
    say(`    ${line('with the scrub, lead off the lists', withScrub.off)}`);
    say(`    ${line('with the scrub, lead on the big list (refused)', withScrub.on)}`);
    say(`    ${line('raw GetItem of a number (same run)', withScrub.get)}`);
    say(`    ${line('raw BatchGetItem of the 2 lists\u2019 keys', withScrub.batch)}`);
    say(`    ${line('without the scrub (lists off), lead', without.off)}`);
    say(`    ${line('raw GetItem of a number (same run)', without.get)}`);
    say(`    ${line('raw BatchGetItem of the 2 lists\u2019 keys', without.batch)}`);
    const added = mean(withScrub.scrub);
    say(`(3) DynamoDB read requests per lead (GetItem, BatchGetItem, Query the request sent): ${mean(withScrub.reads).toFixed(2)} with the scrub, ${mean(without.reads).toFixed(2)} without`);
    say(`    (both include the first lead after each switch of the lists reading the changed catalogue again, and the rate's new minute)`);
    say(`    requests of the scrub's own: ${added.toFixed(2)} per lead with the scrub (max ${Math.max(...withScrub.scrub)}), ${mean(without.scrub).toFixed(2)} without: a BatchGetItem of the phone's keys alone, on the first lead after a switch (the lists ride on the catalogue's version item)`);
    const labels = [...new Set([...withScrub.kinds.keys(), ...without.kinds.keys()])].sort();
    say(`    by request (per lead, with / without): ${labels.map((l) => `${l} ${((withScrub.kinds.get(l) ?? 0) / SAMPLES).toFixed(2)} / ${((without.kinds.get(l) ?? 0) / SAMPLES).toFixed(2)}`).join('; ')}`);
    say(`    the phone's keys read per lead with the scrub: ${mean(withScrub.dncKeys).toFixed(2)} (one per active list; folded into the post's first BatchGetItem once the process holds the lists)`);
    expect(Math.max(...withScrub.scrub)).toBeLessThanOrEqual(2);
    expect(added).toBeLessThanOrEqual(1);
    expect(Math.min(...withScrub.dncKeys)).toBe(2);
  });
});
