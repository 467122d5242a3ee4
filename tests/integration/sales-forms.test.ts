// The public lead forms' API through the real gateway and handlers (spec part 3 §4, §5, §7, §8):
// GET sales/lob for each line of business and an unknown contract, every required-field message of
// both forms, the contract checked again on submit, a stored submission with its consent evidence,
// the per-IP rate limit, the honeypot and the body size limit. Each test that submits calls from an
// address of its own (127.0.0.x), so one test's count never reaches another's limit. The lead engine
// (intakeLead, issue 11) is built beside this work: here it stands in for each of its answers, so these
// tests say what the forms do with each, whatever state the engine is in.
import http from 'node:http';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_SCRIPT, SALES_FORM_MESSAGES as M, type EmployerLeadInput, type SalesLeadInput } from '#shared/sales-forms.ts';
import { useApiHarness } from '../support/api-harness.ts';

const engine = vi.hoisted(() => ({ intakeLead: vi.fn() }));
vi.mock('#core/leads/intake.ts', () => ({ intakeLead: engine.intakeLead }));

const api = useApiHarness();
const { NotImplemented } = await import('#platform/errors.ts');
beforeEach(() => {
  // As the engine's committed entry answers until it is built.
  engine.intakeLead.mockReset().mockRejectedValue(new NotImplemented());
});
const { stableId } = await import('../../functions/core/seed/ids.ts');
const { PublicFormLead } = await import('#entities/public-form-lead.ts');
const { PUBLIC_RATE_LIMITS } = await import('#core/leads/public-forms.ts');

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { ErrorMessages?: string[]; LeadId?: string } & Record<string, unknown>;
}

/** A request from `fromIp` (the gateway sees the socket's address, as API Gateway sees the caller's). */
function send(method: string, path: string, fromIp: string, body?: unknown): Promise<Raw> {
  const url = new URL(`${api.url}/api${path}`);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method,
        localAddress: fromIp,
        headers: { 'user-agent': 'sales-forms-test', ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? (JSON.parse(text) as Raw['body']) : {} });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

let nextHost = 10;
/** A caller address no other test uses. */
const freshIp = () => `127.0.0.${nextHost++}`;

const salesLead = (over: Partial<SalesLeadInput> = {}): SalesLeadInput => ({
  ContractID: 'HWI-2040',
  FirstName: 'Dana',
  LastName: 'Visitor',
  Address: '233 S Wacker Dr',
  AddressLine2: 'Suite 100',
  City: 'Chicago',
  County: 'Cook',
  State: 'IL',
  ZipCode: '60606',
  BirthDate: '04/12/1961',
  Phone: '(312) 555-0142',
  AlternatePhone: '',
  Email: 'dana.visitor@example.com',
  ContactTime: '10am-12pm',
  ContactDay: 'Tuesday',
  Notes: 'Looking for a family plan.',
  PageUrl: 'http://localhost:5173/Sales/LeadsForm?ContractNumber=HWI-2040',
  Website: '',
  ...over,
});

const employerLead = (over: Partial<EmployerLeadInput> = {}): EmployerLeadInput => ({
  ...salesLead({ ContractID: 'EGD-4100', BirthDate: '', PageUrl: 'http://localhost:5173/Sales/EmployerForm?ContractNumber=EGD-4100' }),
  JobTitle: 'Office Manager',
  CompanyName: 'Lakeside Bakery LLC',
  NumberOfEmployees: '24',
  EmployeesOver65: 'No',
  CompanyIndustry: 'Hospitality / Restaurant',
  GroupCoverage: 'Yes',
  ...over,
});

/** Waits out the end of a minute, so a test that counts calls stays inside one rate window. */
async function startOfAMinute() {
  const seconds = new Date().getUTCSeconds();
  if (seconds > 45) await new Promise((r) => setTimeout(r, (61 - seconds) * 1000));
}

describe('GET sales/lob/{contractNumber}', () => {
  it.each([
    ['HWI-2040', 'Health', 'LeadsForm'],
    ['LQP-3300', 'Life', 'LeadsForm'],
    ['MCE-1001', 'Medicare', 'LeadsForm'],
    ['EGD-4100', 'Employer', 'EmployerForm'],
  ])('answers the line of business of %s (%s) and its form', async (contractNumber, lob, form) => {
    const answer = await api.call('sales.lob', { params: { contractNumber } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ContractNumber: contractNumber, LineOfBusiness: lob, Form: form });
  });

  it('finds a contract number whatever its case', async () => {
    const answer = await api.call('sales.lob', { params: { contractNumber: 'hwi-2040' } });
    expect(answer.body).toMatchObject({ ContractNumber: 'HWI-2040', Form: 'LeadsForm' });
  });

  it("answers a contract of another line of business (Supplemental) with no form, which the page shows as 'Oops!'", async () => {
    const created = await api.call('contracts.create', {
      session: await api.sessionFor('admin'),
      body: { ContractName: 'Supplemental Web', ContractID: 'SUPW-7000', CampaignID: stableId('campaign', 'SUP'), F9List: '' },
    });
    expect(created.status).toBe(201);
    const answer = await api.call('sales.lob', { params: { contractNumber: 'SUPW-7000' } });
    expect(answer.body).toEqual({ ContractNumber: 'SUPW-7000', LineOfBusiness: 'Supplemental', Form: null });
  });

  it("refuses an unknown contract number with 'Contract number is invalid.'", async () => {
    const answer = await api.call('sales.lob', { params: { contractNumber: 'NOPE-0000' } });
    expect(answer.status).toBe(404);
    expect(answer.errors).toEqual([M.contractInvalid]);
  });

  it('needs no sign-in and no origin', async () => {
    const answer = await api.fetch('GET', '/sales/lob/HWI-2040', { origin: false });
    expect(answer.status).toBe(200);
  });
});

describe('POST sales/lead and sales/employer: the rules of §5', () => {
  it('refuses an empty sales lead with every required-field message', async () => {
    const answer = await send('POST', '/sales/lead', freshIp(), {});
    expect(answer.status).toBe(400);
    expect(answer.body.ErrorMessages).toEqual(
      expect.arrayContaining([
        M.firstNameRequired,
        M.lastNameRequired,
        M.addressRequired,
        M.birthDateRequired,
        M.phoneRequired,
        M.cityRequired,
        M.stateRequired,
        M.zipRequired,
        M.countyRequired,
      ]),
    );
    expect(answer.body.ErrorMessages).toContain(M.contractInvalid);
  });

  it.each([
    ['FirstName', M.firstNameRequired],
    ['LastName', M.lastNameRequired],
    ['Address', M.addressRequired],
    ['BirthDate', M.birthDateRequired],
    ['Phone', M.phoneRequired],
    ['City', M.cityRequired],
    ['State', M.stateRequired],
    ['ZipCode', M.zipRequired],
    ['County', M.countyRequired],
  ] as const)("refuses a sales lead whose %s is blank with '%s' alone", async (field, message) => {
    const answer = await send('POST', '/sales/lead', freshIp(), salesLead({ [field]: '  ' }));
    expect(answer.status).toBe(400);
    expect(answer.body.ErrorMessages).toEqual([message]);
  });

  it.each([
    ['FirstName', M.firstNameRequired],
    ['LastName', M.lastNameRequired],
    ['CompanyName', M.companyNameRequired],
    ['JobTitle', M.jobTitleRequired],
    ['NumberOfEmployees', M.employeesRequired],
    ['Address', M.addressRequired],
    ['Phone', M.phoneRequired],
    ['City', M.cityRequired],
    ['County', M.countyRequired],
    ['State', M.stateRequired],
    ['ZipCode', M.zipRequired],
  ] as const)("refuses an employer lead whose %s is blank with '%s' alone", async (field, message) => {
    const answer = await send('POST', '/sales/employer', freshIp(), employerLead({ [field]: '' }));
    expect(answer.status).toBe(400);
    expect(answer.body.ErrorMessages).toEqual([message]);
  });

  it.each([
    ['an e-mail that is no address', { Email: 'dana@' }, M.emailInvalid],
    ['a date of birth that is no day', { BirthDate: '02/30/1961' }, M.birthDateInvalid],
    ['a phone of nine digits', { Phone: '(312) 555-014' }, M.phoneInvalid],
    ['an alternate phone of nine digits', { AlternatePhone: '312555014' }, M.alternatePhoneInvalid],
    ['notes of 1001 characters', { Notes: 'x'.repeat(1001) }, M.notesTooLong],
    ['a contact time not offered', { ContactTime: 'Midnight' }, M.contactTimeInvalid],
    ['a contact day not offered', { ContactDay: 'Someday' }, M.contactDayInvalid],
  ])('refuses a sales lead with %s', async (_, over, message) => {
    const answer = await send('POST', '/sales/lead', freshIp(), salesLead(over));
    expect(answer.status).toBe(400);
    expect(answer.body.ErrorMessages).toEqual([message]);
  });

  it('refuses an employer lead whose number of employees is not digits only, and one with an industry not offered', async () => {
    const ip = freshIp();
    expect((await send('POST', '/sales/employer', ip, employerLead({ NumberOfEmployees: '12a' }))).body.ErrorMessages).toEqual([M.employeesDigits]);
    expect((await send('POST', '/sales/employer', ip, employerLead({ CompanyIndustry: 'Piracy' }))).body.ErrorMessages).toEqual([M.industryInvalid]);
    expect((await send('POST', '/sales/employer', ip, employerLead({ GroupCoverage: 'Maybe' }))).body.ErrorMessages).toEqual([M.yesNoInvalid]);
  });

  it('takes an employer lead without a date of birth, and refuses a sales lead without one', async () => {
    const ip = freshIp();
    expect((await send('POST', '/sales/employer', ip, employerLead({ BirthDate: '' }))).status).toBe(201);
    expect((await send('POST', '/sales/lead', ip, salesLead({ BirthDate: '' }))).body.ErrorMessages).toEqual([M.birthDateRequired]);
  });

  it("refuses a zip the look-up does not know with 'Zip Code not found.'", async () => {
    const answer = await send('POST', '/sales/lead', freshIp(), salesLead({ ZipCode: '00000' }));
    expect(answer.status).toBe(400);
    expect(answer.body.ErrorMessages).toEqual([M.zipNotFound]);
  });
});

describe('POST sales/lead and sales/employer: the contract is checked on the server', () => {
  it.each([
    ['an unknown contract on the sales form', '/sales/lead', 'NOPE-0000'],
    ['the employer contract on the sales form', '/sales/lead', 'EGD-4100'],
    ['a Health contract on the employer form', '/sales/employer', 'HWI-2040'],
    ['a Supplemental contract', '/sales/lead', 'SUPW-7000'],
  ])("refuses %s with 'Contract number is invalid.' and stores nothing", async (_, path, ContractID) => {
    const body = path === '/sales/lead' ? salesLead({ ContractID }) : employerLead({ ContractID });
    const answer = await send('POST', path, freshIp(), body);
    expect(answer.status).toBe(400);
    expect(answer.body.ErrorMessages).toEqual([M.contractInvalid]);
  });
});

describe('POST sales/lead and sales/employer: stored with consent evidence', () => {
  it('stores a sales lead as Received with the consent text shown, the time, the caller address and the page', async () => {
    const ip = freshIp();
    const before = new Date().toISOString();
    const answer = await send('POST', '/sales/lead', ip, salesLead({ City: 'Springfield', County: 'Wrong', State: 'MO' }));
    expect(answer.status).toBe(201);
    const leadId = answer.body.LeadId!;
    expect(leadId).toMatch(/^[0-9a-f-]{36}$/);

    const stored = await PublicFormLead.get({ leadId }, { consistent: true });
    expect(stored).toMatchObject({
      form: 'lead',
      contractId: 'HWI-2040',
      campaignId: stableId('campaign', 'HWL'),
      lineOfBusiness: 'Health',
      status: 'Received',
      firstName: 'Dana',
      lastName: 'Visitor',
      address: '233 S Wacker Dr',
      addressLine2: 'Suite 100',
      // The zip's place, whatever the body said.
      city: 'Chicago',
      county: 'Cook',
      state: 'IL',
      zipCode: '60606',
      birthDate: '04/12/1961',
      phone: '3125550142',
      email: 'dana.visitor@example.com',
      contactTime: '10am-12pm',
      contactDay: 'Tuesday',
      notes: 'Looking for a family plan.',
    });
    expect(stored!.employer).toBeUndefined();
    expect(stored!.consent).toEqual({
      text: CONSENT_SCRIPT.text,
      version: CONSENT_SCRIPT.version,
      at: stored!.receivedAt,
      ip,
      pageUrl: 'http://localhost:5173/Sales/LeadsForm?ContractNumber=HWI-2040',
      userAgent: 'sales-forms-test',
    });
    expect(stored!.receivedAt >= before).toBe(true);
    const waiting = await PublicFormLead.query.byStatus('Received').all({ consistent: false });
    expect(waiting.map((l) => l.leadId)).toContain(leadId);
  });

  it('hands the stored lead to the lead engine as a publicForm lead, with its consent, and records what the engine did', async () => {
    engine.intakeLead.mockResolvedValue({ status: 'accepted', leadId: 'engine-lead-1', userFacingLeadId: 100123, result: 'unsold', replayed: false });
    const ip = freshIp();
    const answer = await send('POST', '/sales/lead', ip, salesLead());
    expect(answer.status).toBe(201);
    const leadId = answer.body.LeadId!;
    expect(engine.intakeLead).toHaveBeenCalledTimes(1);
    expect(engine.intakeLead.mock.calls[0]![0]).toMatchObject({
      source: 'publicForm',
      campaignId: stableId('campaign', 'HWL'),
      sourceId: leadId,
      lead: { firstName: 'Dana', lastName: 'Visitor', primaryPhone: '3125550142', address1: '233 S Wacker Dr', city: 'Chicago', stateCode: 'IL', zipCode: '60606', birthDate: '1961-04-12', email: 'dana.visitor@example.com' },
      consent: { text: CONSENT_SCRIPT.text, ip },
    });
    const stored = await PublicFormLead.get({ leadId }, { consistent: true });
    expect(stored).toMatchObject({ status: 'Routed', intake: { leadId: 'engine-lead-1', userFacingLeadId: 100123, result: 'unsold' } });
  });

  it("records a lead the campaign's criteria refuse as Refused with the engine's messages, and still tells the visitor it was submitted", async () => {
    engine.intakeLead.mockResolvedValue({ status: 'invalid', errorMessages: ['Lead is under the minimum age.'] });
    const answer = await send('POST', '/sales/lead', freshIp(), salesLead({ ContractID: 'MCE-1001' }));
    expect(answer.status).toBe(201);
    const stored = await PublicFormLead.get({ leadId: answer.body.LeadId! }, { consistent: true });
    expect(stored).toMatchObject({ status: 'Refused', intake: { reasons: ['Lead is under the minimum age.'] } });
  });

  it('stores an employer lead with its employer fields', async () => {
    const answer = await send('POST', '/sales/employer', freshIp(), employerLead());
    expect(answer.status).toBe(201);
    const stored = await PublicFormLead.get({ leadId: answer.body.LeadId! }, { consistent: true });
    expect(stored).toMatchObject({ form: 'employer', contractId: 'EGD-4100', lineOfBusiness: 'Employer', birthDate: '' });
    expect(stored!.employer).toEqual({
      jobTitle: 'Office Manager',
      companyName: 'Lakeside Bakery LLC',
      numberOfEmployees: 24,
      employeesOver65: 'No',
      companyIndustry: 'Hospitality / Restaurant',
      groupCoverage: 'Yes',
    });
  });

  it('keeps no page address that is not a web address', async () => {
    const answer = await send('POST', '/sales/lead', freshIp(), salesLead({ PageUrl: 'javascript:alert(1)' }));
    const stored = await PublicFormLead.get({ leadId: answer.body.LeadId! }, { consistent: true });
    expect(stored!.consent.pageUrl).toBe('');
  });
});

describe('abuse guards', () => {
  it('answers a filled honeypot like a success and stores nothing', async () => {
    const answer = await send('POST', '/sales/lead', freshIp(), salesLead({ Website: 'http://spam.example' }));
    expect(answer.status).toBe(201);
    expect(answer.body.LeadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await PublicFormLead.get({ leadId: answer.body.LeadId! }, { consistent: true })).toBeUndefined();
  });

  it(`lets one address submit ${PUBLIC_RATE_LIMITS.salesSubmit} leads a minute and refuses the next with 429, while another address goes on`, async () => {
    await startOfAMinute();
    const ip = freshIp();
    for (let i = 0; i < PUBLIC_RATE_LIMITS.salesSubmit; i++) expect((await send('POST', '/sales/lead', ip, salesLead())).status).toBe(201);
    const refused = await send('POST', '/sales/lead', ip, salesLead());
    expect(refused.status).toBe(429);
    expect(refused.body.ErrorMessages).toEqual([M.tooManyRequests]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('POST', '/sales/employer', ip, employerLead())).status).toBe(429);
    expect((await send('POST', '/sales/lead', freshIp(), salesLead())).status).toBe(201);
  });

  it(`lets one address look up ${PUBLIC_RATE_LIMITS.salesLookup} contracts and zips a minute`, async () => {
    await startOfAMinute();
    const ip = freshIp();
    for (let i = 0; i < PUBLIC_RATE_LIMITS.salesLookup / 2; i++) {
      expect((await send('GET', '/sales/lob/HWI-2040', ip)).status).toBe(200);
      expect((await send('GET', '/sales/location/60606', ip)).status).toBe(200);
    }
    const refused = await send('GET', '/sales/location/60606', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.ErrorMessages).toEqual([M.tooManyRequests]);
  });

  it('refuses a body above 16 KB with 413 before reading it', async () => {
    const answer = await send('POST', '/sales/lead', freshIp(), salesLead({ Notes: 'x'.repeat(20_000) }));
    expect(answer.status).toBe(413);
    expect(answer.body.ErrorMessages).toEqual([M.bodyTooLarge]);
  });
});
