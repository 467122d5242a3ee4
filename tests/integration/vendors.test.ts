// The vendors area through the real gateway against DynamoDB Local: the paged table, the vendor with its
// parts, create and update (one transaction, unique code, stale revision refused), activation, token
// rotation and the token lookup intake will use, administrator invitations through the file mailer,
// dispute reasons, and who may do each.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '#shared/api/revision.ts';
import { VENDOR_MESSAGES, type VendorFormInput } from '#shared/vendors.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness();

const { vendorForToken, hashVendorToken } = await import('#core/catalogue/vendor-token.ts');
const { Vendor } = await import('#entities/vendor.ts');
const { VendorToken } = await import('#entities/vendor-token.ts');
const { VendorAdmin } = await import('#entities/vendor-admin.ts');
const { DisputeReason } = await import('#entities/dispute-reason.ts');
const { VendorContact } = await import('#entities/vendor-contact.ts');
const { UniqueValue } = await import('#entities/unique-value.ts');
const { assignVendorAdmin } = await import('#core/catalogue/vendors.ts');

let mailDir: string;
beforeAll(async () => {
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'vendors-mail-'));
  process.env.LOCAL_MAIL_DIR = mailDir;
});
afterAll(async () => {
  delete process.env.LOCAL_MAIL_DIR;
  await rm(mailDir, { recursive: true, force: true });
});

const admin = () => api.sessionFor('admin');

function form(overrides: Partial<VendorFormInput> = {}): VendorFormInput {
  return {
    Name: 'Zenith Leads',
    Code: 'ZEN',
    Description: 'Test vendor',
    Status: 1,
    AllowDisputes: true,
    VendorContact: { Name: 'Zoe', Email: 'zoe@zenith.example.com', Phone: '(512) 555-0100', AddressLine1: '1 Main St', City: 'Austin', State: 'TX', Zip: '78701' },
    DisputeReasons: [
      { VendorReason: 'BAD_PHONE', UserFacingReason: 'Wrong number' },
      { VendorReason: 'DUP', UserFacingReason: 'Duplicate' },
    ],
    ...overrides,
  };
}

async function create(overrides: Partial<VendorFormInput> = {}): Promise<string> {
  const res = await api.call('vendors.create', { session: await admin(), body: form(overrides) });
  expect(res.status, res.errors.join()).toBe(200);
  return res.body.VendorId;
}

async function read(vendorId: string) {
  const res = await api.call('vendors.get', { session: await admin(), params: { vendorId } });
  expect(res.status).toBe(200);
  return res.body;
}

describe('vendors table', () => {
  it('pages the seeded vendors 10 a page, sorted by name, with Vendors and Pages', async () => {
    const res = await api.call('vendors.table', { session: await admin(), query: { page: 1, pageSize: 10, sortColumnName: 'Name', sortOrder: 'asc' } });
    expect(res.status).toBe(200);
    const names = res.body.Vendors.map((v) => v.Name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toContain('Acme Leads');
    expect(res.body.Pages).toBe(Math.ceil(res.body.TotalCount / 10));
  });

  it('filters with filterObject[i].id and .Value, case-insensitively, and sorts descending', async () => {
    const res = await api.fetch<{ Vendors: { Name: string }[]; TotalCount: number }>(
      'GET',
      '/VendorTable?page=1&pageSize=10&sortColumnName=Name&sortOrder=desc&filterObject[0].id=Name&filterObject[0].Value=LEADS',
      { session: await admin() },
    );
    expect(res.status).toBe(200);
    expect(res.body.Vendors.map((v) => v.Name)).toEqual(['Legacy Leads Co', 'Acme Leads']);
  });

  it('refuses an unknown sort column with 400', async () => {
    const res = await api.fetch('GET', '/VendorTable?sortColumnName=Password', { session: await admin() });
    expect(res.status).toBe(400);
    expect(res.errors[0]).toMatch(/^sortColumnName must be one of/);
  });

  it('serves names for dropdowns to report readers, and refuses agents', async () => {
    const names = await api.call('vendors.names', { session: await api.sessionFor('support') });
    expect(names.status).toBe(200);
    expect(names.body.find((v) => v.Code === 'ACME')?.Name).toBe('Acme Leads');
    expect((await api.call('vendors.names', { session: await api.sessionFor('captive agent') })).status).toBe(403);
  });
});

describe('create and read', () => {
  it('creates the vendor, its contact, reasons and code guard, stamped with revision 1', async () => {
    const vendorId = await create({ Code: 'CRT1', Name: 'Created One' });
    const v = await read(vendorId);
    expect(v).toMatchObject({
      Name: 'Created One',
      Code: 'CRT1',
      Status: 1,
      CreatedBy: 'admin@leadportal.example.com',
      ModifiedBy: 'admin@leadportal.example.com',
      Revision: 1,
      TokenLastFour: null,
      VendorContact: { Email: 'zoe@zenith.example.com', City: 'Austin', State: 'TX', Zip: '78701', AddressLine2: '' },
      DisputeReasons: [
        { VendorReason: 'BAD_PHONE', UserFacingReason: 'Wrong number' },
        { VendorReason: 'DUP', UserFacingReason: 'Duplicate' },
      ],
    });
    expect(await UniqueValue.get({ kind: 'VENDOR_CODE', value: 'crt1' })).toMatchObject({ ownerId: vendorId });
  });

  it("refuses a code another vendor holds, whatever its case, with 'Duplicate vendor code.' and writes nothing", async () => {
    const before = (await Vendor.query.byName().all()).length;
    const res = await api.call('vendors.create', { session: await admin(), body: form({ Code: 'acme', Name: 'Copycat' }) });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([VENDOR_MESSAGES.duplicateCode]);
    expect((await Vendor.query.byName().all()).length).toBe(before);
  });

  it('answers each required-field message of the vendor form', async () => {
    const res = await api.fetch('POST', '/vendor', {
      session: await admin(),
      body: { Name: ' ', Code: '', VendorContact: { Email: 'not-an-email', AddressLine1: '', City: '', State: '', Zip: '' } },
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual(
      expect.arrayContaining([
        'Vendor Name is required',
        'Vendor Code is required',
        'Invalid email',
        'Address is required',
        'City is required',
        'Zip Code is required',
        'State is required',
      ]),
    );
  });

  it('answers 404 for a vendor that does not exist and 400 for a malformed id', async () => {
    expect((await api.call('vendors.get', { session: await admin(), params: { vendorId: 'nope' } })).status).toBe(404);
    expect((await api.fetch('GET', `/vendor/${'x'.repeat(300)}`, { session: await admin() })).status).toBe(400);
  });

  it('refuses create to a manager (no CAN_CREATE_NEW_VENDORS) with 403', async () => {
    expect((await api.call('vendors.create', { session: await api.sessionFor('manager'), body: form({ Code: 'MGR' }) })).status).toBe(403);
  });
});

describe('update', () => {
  it('changes the vendor, its contact and reasons in one go, moves the code guard and bumps the revision', async () => {
    const vendorId = await create({ Code: 'UPD1', Name: 'Update Me' });
    const before = await read(vendorId);
    const res = await api.call('vendors.update', {
      session: await admin(),
      body: {
        ...form({ Code: 'UPD2', Name: 'Updated', DisputeReasons: [{ VendorReason: 'DUP', UserFacingReason: 'Seen it before' }, { VendorReason: 'FRAUD', UserFacingReason: 'Fake' }] }),
        VendorContact: { ...form().VendorContact, City: 'Dallas', Zip: '75201', VendorContactId: before.VendorContact.VendorContactId },
        VendorId: vendorId,
        Revision: before.Revision,
      },
    });
    expect(res.status, res.errors.join()).toBe(200);
    expect(res.body).toMatchObject({ Name: 'Updated', Code: 'UPD2', Revision: 2, VendorContact: { City: 'Dallas', VendorContactId: before.VendorContact.VendorContactId } });
    expect(res.body.DisputeReasons).toEqual([
      { VendorReason: 'DUP', UserFacingReason: 'Seen it before' },
      { VendorReason: 'FRAUD', UserFacingReason: 'Fake' },
    ]);
    expect(await UniqueValue.get({ kind: 'VENDOR_CODE', value: 'upd1' })).toBeUndefined();
    expect(await UniqueValue.get({ kind: 'VENDOR_CODE', value: 'upd2' })).toMatchObject({ ownerId: vendorId });
    expect(await VendorContact.query.ofVendor(vendorId).count()).toMatchObject({ count: 1 });
  });

  it(`refuses an edit based on a stale revision with 409 '${STALE_EDIT_MESSAGE.slice(0, 30)}…' and keeps the newer one`, async () => {
    const vendorId = await create({ Code: 'STALE', Name: 'Stale Test' });
    const session = await admin();
    const first = await api.call('vendors.update', { session, body: { ...form({ Code: 'STALE', Name: 'First edit' }), VendorId: vendorId, Revision: 1 } });
    expect(first.status).toBe(200);
    const second = await api.call('vendors.update', { session, body: { ...form({ Code: 'STALE', Name: 'Second edit' }), VendorId: vendorId, Revision: 1 } });
    expect(second.status).toBe(409);
    expect(second.errors).toEqual([STALE_EDIT_MESSAGE]);
    expect((await read(vendorId)).Name).toBe('First edit');
  });

  it('leaves everything as it was when the new code is taken: no half-written contact, reasons or guard', async () => {
    const vendorId = await create({ Code: 'HALF', Name: 'Half Test' });
    const res = await api.call('vendors.update', {
      session: await admin(),
      body: { ...form({ Code: 'BLUE', Name: 'Renamed', VendorContact: { ...form().VendorContact, City: 'Houston' }, DisputeReasons: [] }), VendorId: vendorId, Revision: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([VENDOR_MESSAGES.duplicateCode]);
    const after = await read(vendorId);
    expect(after).toMatchObject({ Name: 'Half Test', Code: 'HALF', Revision: 1, VendorContact: { City: 'Austin' } });
    expect(after.DisputeReasons).toHaveLength(2);
    expect(await UniqueValue.get({ kind: 'VENDOR_CODE', value: 'half' })).toMatchObject({ ownerId: vendorId });
  });

  it('refuses an update to support (no CAN_EDIT_VENDORS) with 403', async () => {
    const vendorId = await create({ Code: 'SUP403' });
    const res = await api.call('vendors.update', { session: await api.sessionFor('support'), body: { ...form({ Code: 'SUP403' }), VendorId: vendorId, Revision: 1 } });
    expect(res.status).toBe(403);
  });
});

describe('activate and deactivate', () => {
  it('flips the status and stamps who and when', async () => {
    const vendorId = await create({ Code: 'TOG' });
    const off = await api.call('vendors.deactivate', { session: await admin(), params: { vendorId } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ VendorId: vendorId, Status: 0, Revision: 2, ModifiedBy: 'admin@leadportal.example.com' });
    expect((await read(vendorId)).Status).toBe(0);
    const on = await api.call('vendors.activate', { session: await admin(), params: { vendorId } });
    expect(on.body).toMatchObject({ Status: 1, Revision: 3 });
  });

  it('refuses the toggle to a manager with 403 and answers 404 for an unknown vendor', async () => {
    const vendorId = await create({ Code: 'TOG403' });
    expect((await api.call('vendors.activate', { session: await api.sessionFor('manager'), params: { vendorId } })).status).toBe(403);
    expect((await api.call('vendors.activate', { session: await admin(), params: { vendorId: 'missing' } })).status).toBe(404);
  });
});

describe('vendor token', () => {
  it('shows a new token once, stores only its SHA-256, and vendorForToken finds the vendor by it', async () => {
    const vendorId = await create({ Code: 'TOK1' });
    const res = await api.call('vendors.rotateToken', { session: await admin(), params: { vendorId } });
    expect(res.status).toBe(200);
    const token = res.body.Token;
    expect(token).toMatch(/^lpv_[A-Za-z0-9_-]{43}$/);
    expect(res.body.TokenLastFour).toBe(token.slice(-4));
    expect((await read(vendorId)).TokenLastFour).toBe(token.slice(-4));
    const stored = await Vendor.get({ vendorId });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await VendorToken.get({ tokenHash: hashVendorToken(token) })).toMatchObject({ vendorId });
    expect((await vendorForToken(token))?.vendorId).toBe(vendorId);
  });

  it('rotation deletes the old hash in the same transaction: the old token stops working at once', async () => {
    const vendorId = await create({ Code: 'TOK2' });
    const first = (await api.call('vendors.rotateToken', { session: await admin(), params: { vendorId } })).body.Token;
    const second = (await api.call('vendors.rotateToken', { session: await admin(), params: { vendorId } })).body.Token;
    expect(second).not.toBe(first);
    expect(await VendorToken.get({ tokenHash: hashVendorToken(first) })).toBeUndefined();
    expect(await vendorForToken(first)).toBeUndefined();
    expect((await vendorForToken(second))?.vendorId).toBe(vendorId);
  });

  it('does not authenticate a malformed token, an unknown one, or one of an inactive vendor', async () => {
    const vendorId = await create({ Code: 'TOK3' });
    const token = (await api.call('vendors.rotateToken', { session: await admin(), params: { vendorId } })).body.Token;
    expect(await vendorForToken('lpv_short')).toBeUndefined();
    expect(await vendorForToken(`lpv_${'A'.repeat(43)}`)).toBeUndefined();
    await api.call('vendors.deactivate', { session: await admin(), params: { vendorId } });
    expect(await vendorForToken(token)).toBeUndefined();
  });

  it('seeds tokens for the active vendors without printing them (only hashes and last fours are stored)', async () => {
    const acme = (await Vendor.query.byCode('ACME').first())!;
    expect(acme.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(acme.tokenLastFour).toHaveLength(4);
    expect(await VendorToken.get({ tokenHash: acme.tokenHash! })).toMatchObject({ vendorId: acme.vendorId });
  });

  it('refuses rotation to support with 403', async () => {
    const vendorId = await create({ Code: 'TOK403' });
    expect((await api.call('vendors.rotateToken', { session: await api.sessionFor('support'), params: { vendorId } })).status).toBe(403);
  });
});

describe('administrator assignment', () => {
  it("records the administrator with role 3 and writes the invitation to the mail directory", async () => {
    const vendorId = await create({ Code: 'ADM1', Name: 'Admin Vendor' });
    const res = await api.call('vendors.assignAdmin', { session: await admin(), params: { vendorId, email: 'Boss@AdminVendor.example.com', role: '3' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ AdminEmail: 'Boss@AdminVendor.example.com', Role: 3, Revision: 2 });
    expect(await VendorAdmin.get({ vendorId, email: 'boss@adminvendor.example.com' })).toMatchObject({ role: 3, invitedBy: 'admin@leadportal.example.com' });
    const v = await read(vendorId);
    expect(v.AdminEmail).toBe('Boss@AdminVendor.example.com');
    expect(v.Admins).toEqual([expect.objectContaining({ Email: 'Boss@AdminVendor.example.com', Role: 3 })]);
    const mails = await Promise.all((await readdir(mailDir)).map((f) => readFile(path.join(mailDir, f), 'utf8')));
    expect(mails.some((m) => m.includes('To: Boss@AdminVendor.example.com') && m.includes('Admin Vendor'))).toBe(true);
  });

  it('refuses a role other than 3 and a malformed e-mail with 400', async () => {
    const vendorId = await create({ Code: 'ADM2' });
    const session = await admin();
    expect((await api.fetch('POST', `/vendor/${vendorId}/admin/a%40b.example.com/2`, { session })).status).toBe(400);
    const bad = await api.fetch('POST', `/vendor/${vendorId}/admin/not-an-email/3`, { session });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual(['Invalid email']);
  });

  it('undoes the record when the invitation cannot be sent (the screen says Unable to create Admin)', async () => {
    const vendorId = await create({ Code: 'ADM3' });
    const failing = { send: () => Promise.reject(new Error('mail server down')) };
    await expect(assignVendorAdmin({ email: 'admin@leadportal.example.com' }, vendorId, 'x@y.example.com', failing)).rejects.toThrow('mail server down');
    expect(await VendorAdmin.get({ vendorId, email: 'x@y.example.com' })).toBeUndefined();
    expect((await read(vendorId)).AdminEmail).toBeNull();
  });

  it('answers 500 when no mailer is configured, leaving no administrator behind', async () => {
    const vendorId = await create({ Code: 'ADM4' });
    delete process.env.LOCAL_MAIL_DIR;
    try {
      const res = await api.call('vendors.assignAdmin', { session: await admin(), params: { vendorId, email: 'x@y.example.com', role: '3' } });
      expect(res.status).toBe(500);
    } finally {
      process.env.LOCAL_MAIL_DIR = mailDir;
    }
    expect(await VendorAdmin.get({ vendorId, email: 'x@y.example.com' })).toBeUndefined();
  });

  it('refuses the assignment to a manager with 403', async () => {
    const vendorId = await create({ Code: 'ADM403' });
    expect((await api.call('vendors.assignAdmin', { session: await api.sessionFor('manager'), params: { vendorId, email: 'a@b.example.com', role: '3' } })).status).toBe(403);
  });
});

describe('assigned campaigns and dispute reasons', () => {
  it("lists a seeded vendor's campaigns with prices in dollars", async () => {
    const acme = (await Vendor.query.byCode('ACME').first())!;
    const res = await api.call('vendors.campaignVendors', { session: await api.sessionFor('manager'), params: { vendorId: acme.vendorId } });
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.CampaignCode).sort()).toEqual(['HWL', 'MAE26', 'MIB', 'MLT', 'SUP']);
    expect(res.body.find((c) => c.CampaignCode === 'HWL')?.VendorPrice).toBe(12);
  });

  it('gives an agent (CAN_DISPUTE_LEADS) the vendor reasons in form order, and refuses a manager', async () => {
    const acme = (await Vendor.query.byCode('ACME').first())!;
    const res = await api.call('vendors.disputeReasons', { session: await api.sessionFor('captive agent'), params: { vendorId: acme.vendorId, leadId: 'L123' } });
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ VendorReason: 'BAD_PHONE', UserFacingReason: 'Phone number is disconnected or wrong' });
    expect(await DisputeReason.query.ofVendor(acme.vendorId).count()).toMatchObject({ count: res.body.length });
    const refused = await api.call('vendors.disputeReasons', { session: await api.sessionFor('manager'), params: { vendorId: acme.vendorId, leadId: 'L123' } });
    expect(refused.status).toBe(403);
  });
});
