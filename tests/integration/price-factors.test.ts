// Price factors and the CSV upload pipeline against DynamoDB Local and s3rver: the ticket, a real PUT
// of the file to the presigned URL, the csvProcess job run with the notification S3 sends (as the
// local stack runs it), the upload's status and report; a bad file refused whole with row-numbered
// messages and nothing written; a redelivered notification changing nothing; admins only.
import { describe, expect, it } from 'vitest';
import type { PriceFactorDto } from '#shared/api/price-factors.ts';
import { UPLOAD_MAX_BYTES, type UploadStatusDto, type UploadTicket } from '#shared/api/uploads.ts';
import { priceFactorMessages as m } from '#shared/price-factors.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';

const api = useApiHarness();
const { invokeJob, s3PutEvent } = await import('../../infra/local/jobs.ts');
const { PriceFactor, PriceFactorGeneration, PriceFactorSet } = await import('#entities/price-factor.ts');
const { Upload } = await import('#entities/upload.ts');
const store = await import('#core/catalogue/price-factors/price-factor-store.ts');
const { SET_CHANGED } = store;

const admin = () => api.sessionFor('admin');

/** The bucket and key a presigned URL points at (s3rver: path-style). */
function objectOf(url: string): { bucket: string; key: string } {
  const [, bucket, ...key] = new URL(url).pathname.split('/');
  return { bucket: bucket!, key: decodeURIComponent(key.join('/')) };
}

async function ticketFor(csv: string, session: Session, fileName = 'factors.csv'): Promise<UploadTicket> {
  const answer = await api.call('priceFactors.bulkImport', { session, body: { FileName: fileName, ContentLength: Buffer.byteLength(csv) } });
  expect(answer.status, answer.errors.join()).toBe(201);
  return answer.body;
}

async function put(ticket: UploadTicket, body: string): Promise<Response> {
  return fetch(ticket.Url, { method: ticket.Method, headers: ticket.Headers, body });
}

/** What the bucket's notification does: run the job with the event S3 sends for the new object. */
async function notify(ticket: UploadTicket, size: number) {
  const { bucket, key } = objectOf(ticket.Url);
  const outcome = await invokeJob('csvProcess', s3PutEvent({ bucket, key, size, eTag: 'etag' }));
  expect(outcome.error).toBeUndefined();
  return outcome.result as { outcome: string; status?: string }[];
}

async function upload(csv: string, session?: Session): Promise<{ ticket: UploadTicket; status: UploadStatusDto }> {
  const who = session ?? (await admin());
  const ticket = await ticketFor(csv, who);
  const res = await put(ticket, csv);
  expect(res.status).toBe(200);
  await notify(ticket, Buffer.byteLength(csv));
  const status = await api.call('uploads.status', { session: who, params: { uploadId: ticket.UploadId } });
  expect(status.status).toBe(200);
  return { ticket, status: status.body };
}

async function list(): Promise<PriceFactorDto[]> {
  const answer = await api.call('priceFactors.list', { session: await admin() });
  expect(answer.status).toBe(200);
  return answer.body;
}

const report = async (status: UploadStatusDto) => (await fetch(status.Report!.Url)).text();

describe('price factors', () => {
  it('lists the seeded set to an admin, by Key then Min, with who made each factor and when', async () => {
    const factors = await list();
    expect(factors.length).toBe(24);
    expect(factors.slice(0, 2)).toMatchObject([
      { Key: 'Age', Min: 18, Max: 25, Weight: 0.8, CreatedBy: 'admin@leadportal.example.com' },
      { Key: 'Age', Min: 26, Max: 44, Weight: 1 },
    ]);
    expect(factors.map((f) => f.Key)).toEqual([...factors.map((f) => f.Key)].sort());
  });

  it('refuses the list and the upload to every non-admin with 403', async () => {
    for (const role of ['manager', 'support', 'captive agent'] as const) {
      const session = await api.sessionFor(role);
      expect((await api.call('priceFactors.list', { session })).status).toBe(403);
      expect((await api.call('priceFactors.bulkImport', { session, body: { FileName: 'f.csv', ContentLength: 10 } })).status).toBe(403);
    }
  });

  it('refuses a ticket for a file over 50 MB, not named .csv, or empty, with the reason', async () => {
    const session = await admin();
    const over = await api.call('priceFactors.bulkImport', { session, body: { FileName: 'f.csv', ContentLength: UPLOAD_MAX_BYTES + 1 } });
    expect([over.status, over.errors]).toEqual([400, ['The file is larger than 50 MB.']]);
    const named = await api.call('priceFactors.bulkImport', { session, body: { FileName: 'factors.xlsx', ContentLength: 100 } });
    expect([named.status, named.errors]).toEqual([400, ['Only CSV files can be uploaded.']]);
    const empty = await api.call('priceFactors.bulkImport', { session, body: { FileName: 'f.csv', ContentLength: 0 } });
    expect([empty.status, empty.errors]).toEqual([400, ['The file is empty.']]);
  });

  it('hands out a PUT signed for the exact size and type, and the job refuses a file of another size', async () => {
    const signedFor = 'Key,Min,Max,Weight\n';
    const ticket = await ticketFor(signedFor, await admin());
    expect(ticket.Method).toBe('PUT');
    expect(ticket.Headers).toEqual({ 'Content-Type': 'text/csv' });
    expect(Date.parse(ticket.ExpiresAt) - Date.now()).toBeGreaterThan(200_000);
    // S3 refuses a body whose length differs from the signed one; s3rver does not check, the job does.
    expect(new URL(ticket.Url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type']));
    const bigger = 'Key,Min,Max,Weight\nAge,1,2,3\n';
    expect((await put(ticket, bigger)).status).toBe(200);
    await notify(ticket, Buffer.byteLength(bigger));
    const status = await api.call('uploads.status', { session: await admin(), params: { uploadId: ticket.UploadId } });
    expect(status.body).toMatchObject({ Status: 'Failed', Messages: ['The file does not match the upload that was requested. Please upload it again.'] });
  });

  it('replaces the whole set with a good file (BOM, CRLF, quoted fields) and reports every row', async () => {
    const before = await list();
    const csv = '\uFEFFKey,Min,Max,Weight\r\nAge,18,25,0.8\r\n"Age",26,44,1.05\r\n"Lead Age (days)","0","1",1.5\r\nScore,0,999,1\r\n';
    const { status } = await upload(csv);
    expect(status).toMatchObject({ Status: 'Succeeded', Kind: 'priceFactors', FileName: 'factors.csv', Rows: 4, FailedRows: 0, Messages: [] });
    expect(status.Finished).not.toBeNull();

    const after = await list();
    expect(after.map((f) => [f.Key, f.Min, f.Max, f.Weight])).toEqual([
      ['Age', 18, 25, 0.8],
      ['Age', 26, 44, 1.05],
      ['Lead Age (days)', 0, 1, 1.5],
      ['Score', 0, 999, 1],
    ]);
    // An unchanged factor keeps its history; a changed weight records who changed it.
    const unchanged = before.find((f) => f.Key === 'Age' && f.Min === 18)!;
    expect(after[0]).toEqual(unchanged);
    expect(after[1]).toMatchObject({ Created: before.find((f) => f.Key === 'Age' && f.Min === 26)!.Created, ModifiedBy: 'admin@leadportal.example.com' });
    expect(after[1]!.Modified).not.toBe(after[1]!.Created);

    const lines = (await report(status)).trim().split('\r\n');
    expect(lines[0]).toBe('Row,Key,Min,Max,Weight,Outcome,Message');
    expect(lines.slice(1, 5)).toEqual([
      '2,Age,18,25,0.8,Unchanged,',
      '3,Age,26,44,1.05,Updated,',
      '4,Lead Age (days),0,1,1.5,Added,',
      '5,Score,0,999,1,Added,',
    ]);
    expect(lines.filter((l) => l.includes(',Removed,'))).toHaveLength(before.length - 2);
    // The spec's subject ("a rating-factors report CSV") and the upload's day in Central, MM-DD-YYYY (part 3 §9).
    const [month, day, year] = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(status.Created)).split('/');
    expect(status.Report!.FileName).toBe(`RatingFactorsReport-${month}-${day}-${year}.csv`);
  });

  it('refuses a file with any bad row whole, with row-numbered messages, and writes nothing', async () => {
    const before = await list();
    const pointer = await PriceFactorSet.get(undefined, { consistent: true });
    const csv = [
      'Key,Min,Max,Weight',
      'Age,18,25,0.9',
      ',1,2,1',
      'Age,30,20,1',
      'Age,20,29,1',
      'Score,abc,10,1',
      'Score,1,2',
      'Income,0,10,101',
      'Income,0.001,10,1',
    ].join('\n');
    const { status } = await upload(csv);
    expect(status.Status).toBe('Failed');
    expect(status.Messages).toEqual([
      m.required(3, 'Key'),
      m.minAboveMax(4),
      m.overlap(5, 'Age', 2),
      m.notNumber(6, 'Min'),
      m.fieldCount(7, 3),
      m.weightValue(8),
      m.rangeValue(9, 'Min'),
    ]);
    expect(status).toMatchObject({ Rows: 8, FailedRows: 7 });
    expect(await list()).toEqual(before);
    expect(await PriceFactorSet.get(undefined, { consistent: true })).toEqual(pointer);
    expect(await PriceFactor.query.ofGeneration(status.UploadId).all()).toEqual([]);

    const lines = (await report(status)).trim().split('\r\n');
    expect(lines[1]).toBe('2,Age,18,25,0.9,Not imported,');
    expect(lines[2]).toBe(`3,,1,2,1,Refused,${m.required(3, 'Key')}`);
  });

  it('refuses a file whose header is not Key, Min, Max, Weight, or that has no rows', async () => {
    const header = await upload('Key,Low,High,Weight\nAge,1,2,1\n');
    expect(header.status.Messages).toEqual([`Row 1: ${m.header}`]);
    const empty = await upload('Weight,KEY,min,Max\r\n\r\n');
    expect(empty.status.Messages).toEqual([m.noRows]);
  });

  it('does not import twice when the notification is delivered again', async () => {
    const csv = 'Key,Min,Max,Weight\nAge,18,99,1\n';
    const { ticket, status } = await upload(csv);
    expect(status.Status).toBe('Succeeded');
    const pointer = await PriceFactorSet.get(undefined, { consistent: true });

    const again = await notify(ticket, Buffer.byteLength(csv));
    expect(again).toEqual([{ outcome: 'duplicate', uploadId: ticket.UploadId }]);
    expect(await PriceFactorSet.get(undefined, { consistent: true })).toEqual(pointer);
    expect((await Upload.get({ uploadId: ticket.UploadId }))?.finishedAt).toBe(status.Finished);
  });

  it('shows an upload only to its uploader or an admin', async () => {
    const { ticket } = await upload('Key,Min,Max,Weight\nAge,18,99,1\n');
    const support = await api.sessionFor('support');
    const refused = await api.call('uploads.status', { session: support, params: { uploadId: ticket.UploadId } });
    expect(refused.status).toBe(403);
    const unknown = await api.call('uploads.status', { session: await admin(), params: { uploadId: 'no-such-upload' } });
    expect([unknown.status, unknown.errors]).toEqual([404, ['Upload not found.']]);
  });
});

describe('replacing the set stays consistent when an import fails half-way', () => {
  const rows = (key: string) => [{ row: 2, key, min: 0, max: 10, weight: 1 }];
  const now = new Date();

  it('keeps readers on the old set while a new generation is staged, and cleans up an abandoned one', async () => {
    const before = await list();
    const { items } = store.nextGeneration(rows('Staged'), [], 'gen-abandoned', 'admin@leadportal.example.com', now);
    await store.stageGeneration(items, 'gen-abandoned', now);
    // The import dies here, before the switch: readers still see the old set.
    expect(await list()).toEqual(before);

    // A cleanup soon after leaves it alone (it could be an import still running) ...
    await store.cleanUpGenerations(new Date(now.getTime() + 60_000));
    expect(await PriceFactor.query.ofGeneration('gen-abandoned').all()).toHaveLength(1);
    // ... and removes it once no import can still be running.
    await store.cleanUpGenerations(new Date(now.getTime() + store.ABANDONED_AFTER_MS + 1));
    expect(await PriceFactor.query.ofGeneration('gen-abandoned').all()).toEqual([]);
    expect(await PriceFactorGeneration.get({ generation: 'gen-abandoned' })).toBeUndefined();
    expect(await list()).toEqual(before);
  });

  it('refuses the switch of an import that another one overtook, and removes its staged rows', async () => {
    const read = await PriceFactorSet.get(undefined, { consistent: true });
    const slow = store.nextGeneration(rows('Slow'), [], 'gen-slow', 'admin@leadportal.example.com', now);
    await store.stageGeneration(slow.items, 'gen-slow', now);

    await store.replacePriceFactors(rows('Fast'), { generation: 'gen-fast', by: 'admin@leadportal.example.com', now });
    await expect(
      store.switchGeneration({ generation: 'gen-slow', expected: read, count: 1, by: 'admin@leadportal.example.com', now }),
    ).rejects.toThrow(SET_CHANGED);
    expect((await list()).map((f) => f.Key)).toEqual(['Fast']);

    // The whole replacement as the job runs it: the overtaken import removes what it staged.
    await expect(store.replacePriceFactors(rows('Slow'), { generation: 'gen-slow', by: 'x', now })).resolves.toBeDefined();
    expect((await list()).map((f) => f.Key)).toEqual(['Slow']);
    // The retired generations' rows are gone; only the current one remains.
    expect(await PriceFactor.query.ofGeneration('gen-fast').all()).toEqual([]);
    expect(await PriceFactorGeneration.query.all().all()).toEqual([]);
  });

  it('leaves no staged row behind when writing the new generation fails half-way, and a retry ends with exactly the new set', async () => {
    const before = await list();
    const good = Array.from({ length: 120 }, (_v, i) => ({ row: i + 2, key: 'Retry', min: i * 10, max: i * 10 + 9, weight: 1 }));
    // DynamoDB refuses a sort key over 1,024 bytes: the batch holding this row fails while the others
    // (written 4 at a time) go through, so the import dies with part of the generation written.
    const bad = { row: 200, key: 'K'.repeat(1_100), min: 0, max: 1, weight: 1 };
    await expect(store.replacePriceFactors([bad, ...good], { generation: 'gen-half', by: 'admin@leadportal.example.com', now })).rejects.toThrow();
    expect(await list()).toEqual(before);
    expect(await PriceFactor.query.ofGeneration('gen-half').all({ consistent: true })).toEqual([]);
    expect(await PriceFactorGeneration.get({ generation: 'gen-half' }, { consistent: true })).toBeUndefined();

    // The same import again (the file fixed), then once more as a redelivery would run it.
    await store.replacePriceFactors(good, { generation: 'gen-half', by: 'admin@leadportal.example.com', now });
    const repeat = await store.replacePriceFactors(good, { generation: 'gen-half', by: 'admin@leadportal.example.com', now });
    expect(repeat.outcomes.every((o) => o.outcome === 'Unchanged')).toBe(true);
    const current = await list();
    expect(current.map((f) => [f.Key, f.Min, f.Max])).toEqual(good.map((r) => [r.key, r.min, r.max]));
    expect(await PriceFactor.query.ofGeneration('gen-half').all({ consistent: true })).toHaveLength(good.length);
    // No other generation's rows and no generation marker are left.
    expect(await PriceFactorGeneration.query.all().all({ consistent: true })).toEqual([]);
    for (const old of ['gen-fast', 'gen-slow', 'gen-abandoned']) expect(await PriceFactor.query.ofGeneration(old).all({ consistent: true })).toEqual([]);
  });
});
