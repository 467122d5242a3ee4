import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { DEFAULT_FIELD_MAP, deliveryBody, SAMPLE_LEAD, WEBHOOK_MESSAGES } from '#shared/api/webhooks.ts';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';

stubCallApi();

const renderDialog = () =>
  renderWithProviders(<WebhookFormDialog agentId="A1" onClose={() => undefined} onCreated={() => undefined} onSaved={() => undefined} />);

/** Types `text` into the field at once (a paste): typing key by key re-renders the mapping table each time. */
async function fill(user: ReturnType<typeof renderDialog>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const preview = () => screen.getByTestId('body-preview').textContent;

describe('the CRM endpoint form', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it("previews the sample lead's body as the mapping and the format say", async () => {
    const { user } = renderDialog();
    expect(preview()).toBe(deliveryBody(SAMPLE_LEAD, DEFAULT_FIELD_MAP, 'json').body);

    await user.click(screen.getByRole('checkbox', { name: 'Send Email' }));
    const firstName = screen.getByRole('textbox', { name: 'CRM name for FirstName' });
    await user.clear(firstName);
    await fill(user, firstName, 'first_name');
    const map = DEFAULT_FIELD_MAP.filter((f) => f.Field !== 'Email').map((f) => (f.Field === 'FirstName' ? { ...f, Name: 'first_name' } : f));
    expect(preview()).toBe(deliveryBody(SAMPLE_LEAD, map, 'json').body);
    expect(preview()).toContain('"first_name":"Pat"');
    expect(preview()).not.toContain('pat.sample@example.com');

    await user.click(screen.getByRole('radio', { name: 'Form-encoded' }));
    expect(preview()).toBe(deliveryBody(SAMPLE_LEAD, map, 'form').body);
    expect(screen.getByText(/Content-Type: application\/x-www-form-urlencoded/)).toBeTruthy();
  });

  it("shows the contract's words for an address that is not a URL and for no event, and sends nothing", async () => {
    const { user } = renderDialog();
    await fill(user, screen.getByRole('textbox', { name: /URL/ }), 'crm.example.com/leads');
    await user.click(screen.getByRole('checkbox', { name: 'Lead sold' }));
    await user.click(screen.getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.url)).toBeTruthy();
    expect(screen.getByText(WEBHOOK_MESSAGES.noEvents)).toBeTruthy();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('refuses two fields under one CRM name', async () => {
    const { user } = renderDialog();
    await fill(user, screen.getByRole('textbox', { name: /URL/ }), 'https://crm.example.com/leads');
    const lastName = screen.getByRole('textbox', { name: 'CRM name for LastName' });
    await user.clear(lastName);
    await fill(user, lastName, 'FirstName');
    await user.click(screen.getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.duplicateName)).toBeTruthy();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('sends the ticked fields under their CRM names', async () => {
    vi.mocked(callApi).mockResolvedValue({ Webhook: {}, Secret: 'whsec_x' } as never);
    const { user } = renderDialog();
    await fill(user, screen.getByRole('textbox', { name: /URL/ }), 'https://crm.example.com/leads');
    await user.click(screen.getByRole('checkbox', { name: 'Low balance' }));
    await user.click(screen.getByRole('checkbox', { name: 'Send LeadId' }));
    await user.click(screen.getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(callApi).toHaveBeenCalled());
    expect(vi.mocked(callApi).mock.calls[0]).toEqual([
      'webhooks.create',
      {
        params: { agentId: 'A1' },
        body: {
          Url: 'https://crm.example.com/leads',
          Format: 'json',
          Events: ['LeadSold', 'BalanceLow'],
          Enabled: true,
          FieldMap: DEFAULT_FIELD_MAP.filter((f) => f.Field !== 'LeadId'),
        },
      },
    ]);
  });
});
