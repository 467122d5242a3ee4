// The do-not-call scrub end to end (issue 24, "Compliance at intake") against DynamoDB Local and
// s3rver, with the projector running (the engine holds the lists with the catalogue): a list's CSV
// through the upload pipeline (ticket, a real PUT, the csvProcess job, the upload's status and the
// lists' counts); a vendor lead and a public form lead whose phone is on an active list refused before
// routing, stored Rejected with the reason (All Leads and the lead's page show it) and sold to nobody;
// a live-transfer ping from a listed caller answered no bid with the reason;
// replace (the old numbers stop matching, then deleted), add, deactivate and activate again; the
// job run again over the same file changing nothing more; the scrub one BatchGet of the lists' keys.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DncListDto } from '#shared/api/do-not-call.ts';
import type { UploadStatusDto, UploadTicket } from '#shared/api/uploads.ts';
import { dncListIdOf, dncMessages, doNotCallReason } from '#shared/do-not-call.ts';
import type { SalesLeadInput } from '#shared/sales-forms.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { codeLetter: 'N', firstPhone: 4145550000 });
const { invokeJob, s3PutEvent } = await import('../../infra/local/jobs.ts');
const { Lead } = await import('#entities/lead.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { PublicFormLead } = await import('#entities/public-form-lead.ts');
const { DncUpload, DncVersionUpload } = await import('#entities/do-not-call.ts');
const { readActiveDncLists, listsHolding } = await import('#core/compliance/do-not-call-check.ts');
const { reportDay } = await import('#platform/report-day.ts');
const { docClient, tableName } = await import('#platform/dynamo.ts');
const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
const { processUploadedObject, continuationKey } = await import('#core/uploads/process-upload.ts');
const { Upload } = await import('#entities/upload.ts');
const { readObject } = await import('#platform/s3.ts');
const { CatalogueVersion } = await import('#entities/catalogue-version.ts');

const RUN = fx.run.toUpperCase();
let admin: Session;

beforeAll(async () => {
  admin = await api.sessionFor('admin');
});

/** A phone no other test of the file uses: 414 555 xxxx from the fixture's counter. */
const phone = () => fx.nextPhone();

function objectOf(url: string): { bucket: string; key: string } {
  const [, bucket, ...key] = new URL(url).pathname.split('/');
  return { bucket: bucket!, key: decodeURIComponent(key.join('/')) };
}

/** Ticket, PUT, the job S3's notification starts, status: the round the page drives; then the projector's catalogue version. */
async function uploadList(listName: string, mode: 'replace' | 'add', csv: string): Promise<{ ticket: UploadTicket; status: UploadStatusDto }> {
  const answer = await api.call('campaigns.doNotCallUpload', { params: {}, query: {}, session: admin, body: { FileName: 'dnc.csv', ContentLength: Buffer.byteLength(csv), ListName: listName, Mode: mode } });
  expect(answer.status, answer.errors.join()).toBe(201);
  const ticket = answer.body;
  const put = await fetch(ticket.Url, { method: ticket.Method, headers: ticket.Headers, body: csv });
  expect(put.status).toBe(200);
  await runJob(ticket, Buffer.byteLength(csv));
  const status = await api.call('uploads.status', { session: admin, params: { uploadId: ticket.UploadId } });
  expect(status.status).toBe(200);
  await api.settled();
  return { ticket, status: status.body };
}

async function runJob(ticket: UploadTicket, size: number) {
  const { bucket, key } = objectOf(ticket.Url);
  const outcome = await invokeJob('csvProcess', s3PutEvent({ bucket, key, size, eTag: 'etag' }));
  expect(outcome.error).toBeUndefined();
  return outcome.result;
}

async function listNamed(name: string): Promise<DncListDto> {
  const lists = await api.call('campaigns.doNotCallLists', { params: {}, query: {}, session: admin });
  expect(lists.status).toBe(200);
  return lists.body.find((l) => l.Name === name)!;
}

const NO_TIME = () => 0;
const LONG = () => 3_600_000;

/** A ticket and the file PUT, the job not yet run: what S3's notification would carry. */
async function putList(listName: string, mode: 'replace' | 'add', csv: string) {
  const answer = await api.call('campaigns.doNotCallUpload', { params: {}, query: {}, session: admin, body: { FileName: 'big.csv', ContentLength: Buffer.byteLength(csv), ListName: listName, Mode: mode } });
  expect(answer.status).toBe(201);
  const put = await fetch(answer.body.Url, { method: answer.body.Method, headers: answer.body.Headers, body: csv });
  expect(put.status).toBe(200);
  return { uploadId: answer.body.UploadId, object: { ...objectOf(answer.body.Url), size: Buffer.byteLength(csv) } };
}
/** The items of a phone's partition: one per list version holding it. */
const itemsOf = async (p: string) => (await docClient().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `DNC#${p}` } }))).Items ?? [];
/** The uploads recorded as applied to a version of the list named `name`. */
const VersionUploads = async (name: string, version: number) => (await DncVersionUpload.query.ofVersion(dncListIdOf(name), version).all({ consistent: true })).map((u) => u.uploadId);

const csvOf = (...phones: string[]) => `Phone\r\n${phones.join('\r\n')}\r\n`;
const dashed = (p: string) => `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`;

describe('a do-not-call list uploaded through the CSV pipeline', () => {
  it('is applied by the csvProcess job with its bad rows reported, and its count and last upload listed', async () => {
    const [a, b] = [phone(), phone()];
    const { status } = await uploadList(`Internal ${RUN}`, 'replace', csvOf(dashed(a), `+1 ${b}`, 'not a phone', a));
    expect(status).toMatchObject({ Kind: 'doNotCall', Status: 'Succeeded', Rows: 4, FailedRows: 1 });
    expect(status.Messages).toEqual([`Row 4: ${dncMessages.phone('not a phone')}`]);
    const list = await listNamed(`Internal ${RUN}`);
    expect(list).toMatchObject({ ListId: dncListIdOf(`Internal ${RUN}`), Active: true, Count: 2, LastUpload: { Mode: 'replace', Status: 'Succeeded', By: expect.any(String) } });
  });

  it('refuses a file without a Phone column, changing nothing', async () => {
    const { status } = await uploadList(`Header ${RUN}`, 'replace', 'Number\r\n3125550142\r\n');
    expect(status).toMatchObject({ Status: 'Failed', Messages: [dncMessages.header] });
    expect(await listNamed(`Header ${RUN}`)).toMatchObject({ Count: 0 });
    expect((await readActiveDncLists()).some((l) => l.name === `Header ${RUN}`)).toBe(false);
  });
});

describe('a lead whose phone is on an active list', () => {
  it('is refused before routing when a vendor posts it: stored Rejected with the reason, sold to nobody, shown so in All Leads', async () => {
    await fx.agentWithOrder({ state: 'IL', zip: '60601', balanceCents: 100_000 });
    const [listed, clean] = [phone(), phone()];
    await uploadList(`Litigators ${RUN}`, 'replace', csvOf(listed));

    const today = reportDay(new Date().toISOString());
    const figures = async () => {
      await api.settled();
      const summary = await api.call('partner.summary', { session: admin, params: { vendorId: fx.ids.vendor }, query: { from: today, to: today } });
      expect(summary.status).toBe(200);
      return summary.body.Totals;
    };
    const before = await figures();
    const refused = await fx.post({ PrimaryPhone: listed });
    expect(refused.status).toBe(201);
    expect(refused.body).toMatchObject({ Result: 'rejected', Reasons: [doNotCallReason([`Litigators ${RUN}`])] });
    // Counted as "rejected: do not call" in the vendor's figures (staff read them on the vendor's partner Home).
    const after = await figures();
    expect([after.Rejected - before.Rejected, after.RejectedDoNotCall - before.RejectedDoNotCall]).toEqual([1, 1]);
    const lead = await Lead.get({ leadId: refused.body.LeadId }, { consistent: true });
    expect(lead).toMatchObject({ leadStatus: 'Rejected', reasons: [doNotCallReason([`Litigators ${RUN}`])], saleCount: 0 });
    expect(await LeadSale.query.ofLead(refused.body.LeadId).all()).toEqual([]);

    const sold = await fx.post({ PrimaryPhone: clean });
    expect(sold.body.Result).toBe('sold');

    const day = reportDay(new Date().toISOString());
    const table = await api.call('leads.table', { session: admin, params: { startDate: day, endDate: day }, query: { phone: listed } as never });
    expect(table.status).toBe(200);
    expect(table.body.Data.map((r) => [r.PrimaryPhone, r.LeadStatus])).toEqual([[listed, 'Rejected']]);
    const detail = await api.call('leads.detail', { session: admin, params: { leadId: String(refused.body.UserFacingLeadId) }, query: {} });
    expect(detail.body.Lead.Reasons).toEqual([doNotCallReason([`Litigators ${RUN}`])]);
  });

  it('is refused when it comes from a public form', async () => {
    const listed = phone();
    await uploadList(`Forms ${RUN}`, 'replace', csvOf(listed));
    const form: SalesLeadInput = {
      ContractID: 'HWI-2040', FirstName: 'Dana', LastName: 'Visitor', Address: '233 S Wacker Dr', AddressLine2: '', City: 'Chicago', County: 'Cook', State: 'IL',
      ZipCode: '60606', BirthDate: '04/12/1961', Phone: dashed(listed), AlternatePhone: '', Email: '', ContactTime: '10am-12pm', ContactDay: 'Tuesday', Notes: '',
      PageUrl: 'http://localhost:5173/Sales/LeadsForm?ContractNumber=HWI-2040', Website: '',
    };
    const answer = await api.fetch<{ LeadId: string }>('POST', '/sales/lead', { body: form });
    expect(answer.status).toBe(201);
    const stored = await PublicFormLead.get({ leadId: answer.body.LeadId }, { consistent: true });
    expect(stored?.intake?.result).toBe('rejected');
    const lead = await Lead.get({ leadId: stored!.intake!.leadId! }, { consistent: true });
    expect(lead).toMatchObject({ leadStatus: 'Rejected', reasons: [doNotCallReason([`Forms ${RUN}`])], saleCount: 0 });
  });

  it('gets a live-transfer ping from a listed caller no bid, with the lists named', async () => {
    const listed = phone();
    await uploadList(`Pings ${RUN}`, 'replace', csvOf(listed));
    const ping = await api.fetch<{ PingId: string; Result: string; ErrorMessages: string[] }>('POST', '/intake/ping', {
      origin: false,
      headers: { authorization: `Bearer ${fx.token}` },
      body: { CampaignCode: fx.code, CallerId: dashed(listed), StateCode: 'IL', ZipCode: '60601' },
    });
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ Result: 'noBid', ErrorMessages: [doNotCallReason([`Pings ${RUN}`])] });
  });

  it("is counted in staff's figure of the leads the lists refused, by vendor (the vendors' day counters)", async () => {
    const listed = phone();
    await uploadList(`Counted ${RUN}`, 'replace', csvOf(listed));
    const today = reportDay(new Date().toISOString());
    const refusals = async () => {
      await api.settled();
      const answer = await api.call('campaigns.doNotCallRefusals', { session: admin, params: {}, query: { from: today, to: today } });
      expect(answer.status, answer.errors.join()).toBe(200);
      return answer.body;
    };
    const before = await refusals();
    expect((await fx.post({ PrimaryPhone: listed })).body.Result).toBe('rejected');
    const after = await refusals();
    expect(after.Refused - before.Refused).toBe(1);
    const mine = after.Vendors.find((v) => v.VendorId === fx.ids.vendor)!;
    expect(mine.Refused - (before.Vendors.find((v) => v.VendorId === fx.ids.vendor)?.Refused ?? 0)).toBe(1);
    expect(after.Vendors.reduce((n, v) => n + v.Refused, 0)).toBe(after.Refused);
    // Staff who cannot edit campaigns do not get it; a range the partner Home refuses is refused the same way.
    expect((await api.call('campaigns.doNotCallRefusals', { session: await api.sessionFor('support'), params: {}, query: { from: today, to: today } })).status).toBe(403);
    expect((await api.call('campaigns.doNotCallRefusals', { session: admin, params: {}, query: { from: '2020-01-01', to: today } })).status).toBe(400);
  });

  it('names every active list that holds the phone', async () => {
    const both = phone();
    await uploadList(`First ${RUN}`, 'replace', csvOf(both));
    await uploadList(`Second ${RUN}`, 'replace', csvOf(both));
    const refused = await fx.post({ PrimaryPhone: both });
    expect(refused.body.Reasons).toEqual([doNotCallReason([`First ${RUN}`, `Second ${RUN}`])]);
  });
});

describe('keeping a list', () => {
  it('replace: the old numbers stop matching as soon as the new version is applied, and are then deleted', async () => {
    const [old, kept, fresh] = [phone(), phone(), phone()];
    const name = `Replace ${RUN}`;
    await uploadList(name, 'replace', csvOf(old, kept));
    expect((await fx.post({ PrimaryPhone: old })).body.Result).toBe('rejected');

    await uploadList(name, 'replace', csvOf(kept, fresh));
    expect(await listNamed(name)).toMatchObject({ Count: 2 });
    expect((await fx.post({ PrimaryPhone: old })).body.Result).not.toBe('rejected');
    expect((await fx.post({ PrimaryPhone: kept })).body.Result).toBe('rejected');
    expect((await fx.post({ PrimaryPhone: fresh })).body.Result).toBe('rejected');
    // The old version's numbers are deleted by the replace's job once the new version is active, read
    // back from the file that wrote them; the kept number is there once, under the new version.
    expect(await itemsOf(old)).toEqual([]);
    const active = (await readActiveDncLists()).find((l) => l.name === name)!;
    expect((await itemsOf(kept)).map((i) => i.sk)).toEqual([`L#${active.listId}#V#${active.version}`]);
  });

  it('add: the file joins the list and the count rises by the numbers new to it', async () => {
    const [first, second] = [phone(), phone()];
    const name = `Add ${RUN}`;
    await uploadList(name, 'replace', csvOf(first));
    const { status } = await uploadList(name, 'add', csvOf(first, second));
    expect(status.Status).toBe('Succeeded');
    expect(await listNamed(name)).toMatchObject({ Count: 2, LastUpload: { Mode: 'add' } });
    expect((await fx.post({ PrimaryPhone: first })).body.Result).toBe('rejected');
    expect((await fx.post({ PrimaryPhone: second })).body.Result).toBe('rejected');
  });

  it('a run again over the same file (S3 delivered twice, the job died) changes nothing more', async () => {
    const [first, second] = [phone(), phone()];
    const name = `Again ${RUN}`;
    await uploadList(name, 'replace', csvOf(first));
    const csv = csvOf(first, second);
    const { ticket } = await uploadList(name, 'add', csv);
    // The claim is taken and finished: a redelivery is a duplicate; the processor run again over the applied upload adds nothing.
    expect(await runJob(ticket, Buffer.byteLength(csv))).toEqual([{ outcome: 'duplicate', uploadId: ticket.UploadId }]);
    const { doNotCallProcessor } = await import('#core/compliance/do-not-call-processor.ts');
    const { parseCsv } = await import('#core/uploads/csv.ts');
    const upload = (await Upload.get({ uploadId: ticket.UploadId }, { consistent: true }))!;
    await doNotCallProcessor.process({ upload, records: parseCsv(csv), now: new Date() });
    expect(await listNamed(name)).toMatchObject({ Count: 2 });
    expect(await DncUpload.get({ uploadId: ticket.UploadId }, { consistent: true })).toMatchObject({ added: 1, appliedAt: expect.any(String) });
  });

  it("replace deletes every number of the version it supersedes, from each file applied to it (a replace's and an add's)", async () => {
    const [a, b, c] = [phone(), phone(), phone()];
    const name = `Retire ${RUN}`;
    await uploadList(name, 'replace', csvOf(a));
    await uploadList(name, 'add', csvOf(b));
    const v1 = (await readActiveDncLists()).find((l) => l.name === name)!.version;
    expect((await VersionUploads(name, v1)).length).toBe(2);
    const { ticket } = await uploadList(name, 'replace', csvOf(c));
    expect(await itemsOf(a)).toEqual([]);
    expect(await itemsOf(b)).toEqual([]);
    expect((await itemsOf(c)).length).toBe(1);
    expect(await VersionUploads(name, v1)).toEqual([]);
    expect(await DncUpload.get({ uploadId: ticket.UploadId }, { consistent: true })).toMatchObject({ supersededVersion: v1, retire: { version: v1, uploadIds: expect.any(Array) }, retiredAt: expect.any(String) });
    expect(await listNamed(name)).toMatchObject({ Count: 1 });
  });

  it('an add whose list is replaced while it writes is refused and deletes its own numbers; a replace overtaken by a later one keeps the later list and deletes its own', async () => {
    const [first, during, late, later] = [phone(), phone(), phone(), phone()];
    const name = `Race ${RUN}`;
    await uploadList(name, 'replace', csvOf(first));
    const { doNotCallProcessor } = await import('#core/compliance/do-not-call-processor.ts');
    const { parseCsv } = await import('#core/uploads/csv.ts');

    // The add's numbers are written; before its apply, its run looks dead (its claim long expired, so
    // the list takes a file again) and a replace of the list finishes.
    const add = await putList(name, 'add', csvOf(during));
    let replaced = false;
    const outcome = await doNotCallProcessor.process({
      upload: (await Upload.get({ uploadId: add.uploadId }, { consistent: true }))!,
      records: parseCsv(csvOf(during)),
      now: new Date(),
      progress: async () => {
        if (replaced) return;
        replaced = true;
        expect((await itemsOf(during)).length).toBe(1);
        await Upload.patch({ uploadId: add.uploadId }, { set: { status: 'Processing', claimedUntil: new Date(Date.now() - 600_000).toISOString() } });
        await uploadList(name, 'replace', csvOf(later));
      },
    });
    expect(outcome).toMatchObject({ status: 'Failed', errorMessages: [dncMessages.replacedMeanwhile] });
    expect(await itemsOf(during)).toEqual([]);

    // A replace whose ticket came before the one applied last, run after it: the later list stands.
    const overtaken = await putList(name, 'replace', csvOf(late));
    await DncUpload.patch({ uploadId: overtaken.uploadId }, { set: { listVersion: 1 } });
    expect(await processUploadedObject(overtaken.object, undefined, LONG)).toMatchObject({ outcome: 'processed', status: 'Succeeded' });
    expect(await itemsOf(late)).toEqual([]);
    expect((await itemsOf(later)).length).toBe(1);
    expect(await listNamed(name)).toMatchObject({ Count: 1 });
    await api.settled();
    expect((await fx.post({ PrimaryPhone: later })).body.Result).toBe('rejected');
    expect((await fx.post({ PrimaryPhone: late })).body.Result).not.toBe('rejected');
  });

  it('takes one file at a time: a second file is refused while the first may still change the list', async () => {
    const name = `Busy ${RUN}`;
    const first = await putList(name, 'replace', csvOf(phone()));
    const ask = () => api.call('campaigns.doNotCallUpload', { params: {}, query: {}, session: admin, body: { FileName: 'second.csv', ContentLength: 20, ListName: name, Mode: 'add' } });
    const refused = await ask();
    expect(refused.status).toBe(409);
    expect(refused.errors).toEqual([dncMessages.busy]);
    // Processing: still refused; finished: the next file is taken.
    expect(await processUploadedObject(first.object, undefined, NO_TIME)).toMatchObject({ outcome: 'paused' });
    expect((await ask()).status).toBe(409);
    expect(await processUploadedObject({ ...first.object, key: continuationKey(first.object.key) }, undefined, LONG)).toMatchObject({ status: 'Succeeded' });
    expect((await ask()).status).toBe(201);
  });

  it('deactivate: the list refuses no lead until it is switched on again', async () => {
    const [listed, again] = [phone(), phone()];
    const name = `Toggle ${RUN}`;
    await uploadList(name, 'replace', csvOf(listed, again));
    const listId = dncListIdOf(name);

    const off = await api.call('campaigns.doNotCallList', { session: admin, params: { listId }, query: {}, body: { Active: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ Active: false, Count: 2 });
    await api.settled();
    expect((await fx.post({ PrimaryPhone: listed })).body.Result).not.toBe('rejected');

    expect((await api.call('campaigns.doNotCallList', { session: admin, params: { listId }, query: {}, body: { Active: true } })).status).toBe(200);
    await api.settled();
    expect((await fx.post({ PrimaryPhone: again })).body.Result).toBe('rejected');
  });

  it('answers 404 for a list that does not exist, and 403 to staff who cannot edit campaigns', async () => {
    expect((await api.call('campaigns.doNotCallList', { session: admin, params: { listId: 'no-such-list' }, query: {}, body: { Active: false } })).status).toBe(404);
    const support = await api.sessionFor('support');
    expect((await api.call('campaigns.doNotCallLists', { params: {}, query: {}, session: support })).status).toBe(403);
    const agent = await api.sessionFor('captive agent');
    expect((await api.call('campaigns.doNotCallUpload', { params: {}, query: {}, session: agent, body: { FileName: 'x.csv', ContentLength: 10, ListName: 'X', Mode: 'add' } })).status).toBe(403);
  });
});

describe('a list too big for one run', () => {
  it('pauses when the run is nearly out of time, and the continuation its pause writes finishes the file once', async () => {
    const [a, b] = [phone(), phone()];
    const name = `Paused ${RUN}`;
    const { uploadId, object } = await putList(name, 'replace', csvOf(a, b));

    // The run has no time for a step: it stores where it got to, lets go of the claim and writes the continuation.
    expect(await processUploadedObject(object, undefined, NO_TIME)).toEqual({ outcome: 'paused', uploadId, rowsDone: 0, rows: 2 });
    const paused = await Upload.get({ uploadId }, { consistent: true });
    expect(paused).toMatchObject({ status: 'Processing', checkpoint: { done: 0, added: 0 }, rowsDone: 0 });
    expect(paused?.claimToken).toBeUndefined();
    const marker = { bucket: object.bucket, key: continuationKey(object.key), size: 1 };
    expect((await readObject(marker)).toString()).toContain(uploadId);
    const status = await api.call('uploads.status', { session: admin, params: { uploadId } });
    expect(status.body.Status).toBe('Processing');
    expect(await listNamed(name)).toMatchObject({ Count: 0 });

    // The continuation's notification: the next run reads the file it names and finishes it.
    expect(await processUploadedObject(marker, undefined, LONG)).toMatchObject({ outcome: 'processed', uploadId, status: 'Succeeded', rows: 2 });
    const done = await Upload.get({ uploadId }, { consistent: true });
    expect(done).toMatchObject({ status: 'Succeeded' });
    expect(done?.checkpoint).toBeUndefined();
    expect(await listNamed(name)).toMatchObject({ Count: 2, LastUpload: { Status: 'Succeeded' } });
    await api.settled();
    expect((await fx.post({ PrimaryPhone: b })).body.Result).toBe('rejected');

    // The continuation delivered again, or the file's own notification again: nothing more happens.
    expect(await processUploadedObject(marker, undefined, LONG)).toEqual({ outcome: 'duplicate', uploadId });
    expect(await processUploadedObject(object, undefined, LONG)).toEqual({ outcome: 'duplicate', uploadId });
    expect(await listNamed(name)).toMatchObject({ Count: 2 });
  });

  it('pauses while deleting the superseded numbers too, and the continuation finishes deleting them', async () => {
    const [old, fresh] = [phone(), phone()];
    const name = `Retire pause ${RUN}`;
    await uploadList(name, 'replace', csvOf(old));
    const { uploadId, object } = await putList(name, 'replace', csvOf(fresh));
    // Time for the one step of writing, none for the step of deleting.
    const times = [3_600_000];
    expect(await processUploadedObject(object, undefined, () => times.shift() ?? 0)).toMatchObject({ outcome: 'paused', uploadId });
    expect(await Upload.get({ uploadId }, { consistent: true })).toMatchObject({ status: 'Processing', checkpoint: { retireFile: 0, retireDone: 0 } });
    expect((await itemsOf(old)).length).toBe(1);
    expect(await listNamed(name)).toMatchObject({ Count: 1 });

    expect(await processUploadedObject({ bucket: object.bucket, key: continuationKey(object.key), size: 1 }, undefined, LONG)).toMatchObject({ outcome: 'processed', status: 'Succeeded' });
    expect(await itemsOf(old)).toEqual([]);
    expect((await itemsOf(fresh)).length).toBe(1);
  });

  it('goes on from the checkpoint a run left (paused or dead): the numbers before it are not written again, and an add counts what the earlier runs added', async () => {
    const [first, second, third] = [phone(), phone(), phone()];
    const name = `Resumed ${RUN}`;
    await uploadList(name, 'replace', csvOf(first));
    const { uploadId, object } = await putList(name, 'add', csvOf(first, second, third));
    // As a run that died after the first two numbers would leave it: its claim run out, its checkpoint
    // saying 2 done of which 1 new (the first was on the list already, the second was new).
    await Upload.patch({ uploadId }, { set: { status: 'Processing', claimedUntil: new Date(Date.now() - 60_000).toISOString(), checkpoint: { done: 2, added: 1 } } });

    expect(await processUploadedObject(object, undefined, LONG)).toMatchObject({ outcome: 'processed', status: 'Succeeded', rows: 3 });
    // Only the third number was written by this run: the second is not on the list's version (the dead run "wrote" it).
    expect((await itemsOf(third)).map((i) => i.uploadId)).toEqual([uploadId]);
    expect(await itemsOf(second)).toEqual([]);
    // The count: the one number of the first file, the checkpoint's one, and the third.
    expect(await listNamed(name)).toMatchObject({ Count: 3, LastUpload: { Mode: 'add', Status: 'Succeeded' } });
    expect(await DncUpload.get({ uploadId }, { consistent: true })).toMatchObject({ added: 2 });
  });
});

describe('the check itself', () => {
  it('reads the phone under every active list in one BatchGet (one read, whatever the lists hold)', async () => {
    const listed = phone();
    await uploadList(`Read ${RUN}`, 'replace', csvOf(listed));
    const lists = await readActiveDncLists();
    const sent: string[] = [];
    const client = docClient();
    const original = client.send.bind(client);
    client.send = ((command: { constructor: { name: string } }, ...rest: unknown[]) => {
      sent.push(command.constructor.name);
      return (original as (...a: unknown[]) => unknown)(command, ...rest);
    }) as typeof client.send;
    try {
      expect(await listsHolding(listed, lists)).toEqual([`Read ${RUN}`]);
    } finally {
      client.send = original;
    }
    expect(sent).toEqual(['BatchGetCommand']);
    expect(await listsHolding(listed, [])).toEqual([]);
  });

  it('learns the active lists from the catalogue version a post reads anyway: after a list changes, its scrub is one BatchGet of the phone and no read of the lists', async () => {
    const listed = phone();
    const name = `Version ${RUN}`;
    await uploadList(name, 'replace', csvOf(listed));
    const version = await CatalogueVersion.get({}, { consistent: true });
    const list = version?.dncLists?.find((l) => l.name === name);
    expect(list).toEqual({ listId: dncListIdOf(name), name, version: expect.any(Number) });
    expect(version?.dncLists).toEqual(await readActiveDncLists());

    const sent: { command: string; pks: string[] }[] = [];
    const client = docClient();
    const original = client.send.bind(client);
    client.send = ((command: { constructor: { name: string }; input: { RequestItems?: Record<string, { Keys: { pk: string }[] }>; ExpressionAttributeValues?: Record<string, unknown> } }, ...rest: unknown[]) => {
      const keys = Object.values(command.input.RequestItems ?? {}).flatMap((r) => r.Keys ?? []).map((k) => String(k.pk));
      sent.push({ command: command.constructor.name, pks: [...keys, ...Object.values(command.input.ExpressionAttributeValues ?? {}).map(String)] });
      return (original as (...a: unknown[]) => unknown)(command, ...rest);
    }) as typeof client.send;
    try {
      expect((await fx.post({ PrimaryPhone: listed })).body.Result).toBe('rejected');
    } finally {
      client.send = original;
    }
    // No Query of the lists' partition; the phone's keys in one BatchGet of their own (the keys read
    // ahead named the lists as the process held them before the change).
    expect(sent.filter((c) => c.pks.includes('DNC_LISTS'))).toEqual([]);
    expect(sent.filter((c) => c.pks.length > 0 && c.pks.every((pk) => pk.startsWith('DNC#')))).toHaveLength(1);
  });

  it('keeps the newer lists on the version when an older read of them comes last (batches finishing out of order)', async () => {
    const before = (await CatalogueVersion.get({}, { consistent: true }))!;
    // As if a batch had written lists read later than anything here: a change now only raises the version.
    await CatalogueVersion.patch({}, { set: { dncAsOf: '9999-12-31T00:00:00.000Z' } });
    try {
      const off = await api.call('campaigns.doNotCallList', { session: admin, params: { listId: dncListIdOf(`Version ${RUN}`) }, query: {}, body: { Active: false } });
      expect(off.status).toBe(200);
      await api.settled();
      const after = (await CatalogueVersion.get({}, { consistent: true }))!;
      expect(after.version).toBeGreaterThan(before.version);
      expect(after.dncLists).toEqual(before.dncLists);
    } finally {
      await CatalogueVersion.patch({}, { remove: ['dncAsOf'] });
      await api.call('campaigns.doNotCallList', { session: admin, params: { listId: dncListIdOf(`Version ${RUN}`) }, query: {}, body: { Active: true } });
      await api.settled();
    }
    expect((await CatalogueVersion.get({}, { consistent: true }))?.dncLists).toEqual(await readActiveDncLists());
  });
});
