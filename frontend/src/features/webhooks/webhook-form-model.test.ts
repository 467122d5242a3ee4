import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MAP, WEBHOOK_MESSAGES, type WebhookDto } from '#shared/api/webhooks.ts';
import { formErrors, newWebhookValues, toWire, webhookValues } from './webhook-form-model.ts';

describe('the CRM endpoint form model', () => {
  it("puts a bad CRM name on its own row, counting the rows that are not sent", () => {
    const values = newWebhookValues();
    values.Url = 'https://crm.example.com';
    values.Fields[0]!.Send = false;
    values.Fields[2]!.Name = 'last name';
    expect(formErrors(values)).toEqual({ 'Fields.2.Name': WEBHOOK_MESSAGES.crmName });
  });

  it('asks for at least one field when none is sent', () => {
    const values = newWebhookValues();
    values.Url = 'https://crm.example.com';
    values.Fields.forEach((f) => (f.Send = false));
    expect(formErrors(values)).toEqual({ Fields: WEBHOOK_MESSAGES.noFields });
  });

  it("keeps an endpoint's mapping order and offers the fields it does not send, unticked", () => {
    const webhook = { Url: 'https://crm.example.com', Format: 'form', Events: ['LeadSold'], Enabled: false, FieldMap: [{ Field: 'Email', Name: 'email' }, { Field: 'LeadId', Name: 'id' }] } as WebhookDto;
    const values = webhookValues(webhook);
    expect(values.Fields.slice(0, 3)).toEqual([
      { Field: 'Email', Send: true, Name: 'email' },
      { Field: 'LeadId', Send: true, Name: 'id' },
      { Field: 'FirstName', Send: false, Name: 'FirstName' },
    ]);
    expect(values.Fields).toHaveLength(DEFAULT_FIELD_MAP.length);
    expect(toWire(values)).toEqual({ Url: 'https://crm.example.com', Format: 'form', Events: ['LeadSold'], Enabled: false, FieldMap: webhook.FieldMap });
  });
});
