// A public form lead through the real lead engine (sales-forms.test.ts stands in for the engine to
// reach each of its answers): the stored submission is routed, and the engine's lead exists with the
// visitor's details, decided by the seeded campaign, routing rules and orders.
import { describe, expect, it } from 'vitest';
import type { SalesLeadInput } from '#shared/sales-forms.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness();
const { PublicFormLead } = await import('#entities/public-form-lead.ts');
const { Lead } = await import('#entities/lead.ts');

const RUN = Date.now().toString().slice(-7);

const salesLead = (phone: string): SalesLeadInput => ({
  ContractID: 'HWI-2040',
  FirstName: 'Dana',
  LastName: 'Visitor',
  Address: '233 S Wacker Dr',
  AddressLine2: '',
  City: 'Chicago',
  County: 'Cook',
  State: 'IL',
  ZipCode: '60606',
  BirthDate: '04/12/1961',
  Phone: phone,
  AlternatePhone: '',
  Email: '',
  ContactTime: '10am-12pm',
  ContactDay: 'Tuesday',
  Notes: '',
  PageUrl: 'http://localhost:5173/Sales/LeadsForm?ContractNumber=HWI-2040',
  Website: '',
});

describe('a public form lead and the real lead engine', () => {
  it('is routed by the engine, which keeps a lead of it with the visitor\'s details and a sold or unsold result', async () => {
    const phone = `(312) 5${RUN.slice(0, 2)}-${RUN.slice(2, 6)}`;
    const answer = await api.fetch<{ LeadId: string }>('POST', '/sales/lead', { body: salesLead(phone) });
    expect(answer.status).toBe(201);

    const stored = await PublicFormLead.get({ leadId: answer.body.LeadId }, { consistent: true });
    expect(stored).toMatchObject({ status: 'Routed', intake: { result: expect.stringMatching(/^(sold|unsold)$/) } });
    const lead = await Lead.get({ leadId: stored!.intake!.leadId! }, { consistent: true });
    expect(lead).toMatchObject({ firstName: 'Dana', lastName: 'Visitor', stateCode: 'IL', zipCode: '60606' });
  });
});
