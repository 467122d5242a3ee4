import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import type { AlertSettingsDto } from '#shared/api/alert-settings.ts';
import { AlertSettingsCard, changedOnly, valuesOf } from './alert-settings-card.tsx';

stubCallApi();

const settings = (over: Partial<AlertSettingsDto> = {}): AlertSettingsDto => ({
  AgentId: 'A1',
  TimeZone: 'Central',
  Email: { Enabled: false, Events: ['LeadSold', 'DisputeDecided'], Address: 'a1@agents.example.com' },
  Sms: { Enabled: false, Events: ['LeadSold'], Number: null, Verified: false, CodeExpiresAt: null },
  QuietHours: null,
  QuietMode: 'queue',
  ...over,
});

/** The server: answers GET with `current`, and each change with the setting it makes. */
function serve(current: AlertSettingsDto) {
  let state = current;
  vi.mocked(callApi).mockImplementation(async (id: string, options?: { body?: unknown }) => {
    const body = options?.body as Record<string, never> | undefined;
    if (id === 'account.setSmsNumber') state = { ...state, Sms: { ...state.Sms, Number: '+13125550142', Verified: false, Enabled: false, CodeExpiresAt: '2030-01-01T00:10:00.000Z' } };
    if (id === 'account.verifySmsNumber') state = { ...state, Sms: { ...state.Sms, Verified: true, Enabled: true, CodeExpiresAt: null } };
    if (id === 'account.updateAlertSettings' && body) state = { ...state, ...(body.QuietMode ? { QuietMode: body.QuietMode } : {}) };
    return state;
  });
}
const calls = (id: string) => vi.mocked(callApi).mock.calls.filter(([called]) => called === id);

describe('E-mail and Text Alerts', () => {
  // A block body: a function returned from beforeEach is run as its teardown (it would call the mock once more).
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
  });

  it('saves only what was changed, the Save button waiting for a change', async () => {
    serve(settings());
    const { user } = renderWithProviders(<AlertSettingsCard agentId="A1" />);
    const save = await screen.findByRole('button', { name: 'Save Alert Settings' });
    expect(save).toHaveProperty('disabled', true);
    const emailEvents = screen.getByRole('group', { name: 'E-mail me when' });
    expect(within(emailEvents).getByRole('checkbox', { name: 'A lead is sold to me' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('switch', { name: /E-mail alerts/ }));
    await user.click(within(emailEvents).getByRole('checkbox', { name: 'A dispute of mine is decided' }));
    await user.click(save);
    await waitFor(() => expect(calls('account.updateAlertSettings')).toHaveLength(1));
    expect(calls('account.updateAlertSettings')[0]![1]).toEqual({ params: { agentId: 'A1' }, body: { Email: { Enabled: true, Events: ['LeadSold'] } } });
  });

  it('keeps text alerts off until a number is verified: Send code, then the code, then Verify', async () => {
    serve(settings());
    const { user } = renderWithProviders(<AlertSettingsCard agentId="A1" />);
    const sms = await screen.findByRole('switch', { name: /Text alerts/ });
    expect(sms).toHaveProperty('disabled', true);

    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '555');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a 10-digit US mobile number.')).toBeTruthy();
    expect(calls('account.setSmsNumber')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: /Mobile number/ }));
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '(312) 555-0142');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(calls('account.setSmsNumber')).toHaveLength(1));
    expect(calls('account.setSmsNumber')[0]![1]).toEqual({ params: { agentId: 'A1' }, body: { PhoneNumber: '(312) 555-0142' } });

    const code = await screen.findByRole('textbox', { name: 'Code from the text' });
    expect(screen.getByText('Not verified')).toBeTruthy();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls('account.verifySmsNumber')).toHaveLength(1));
    expect(calls('account.verifySmsNumber')[0]![1]).toEqual({ params: { agentId: 'A1' }, body: { Code: '123456' } });
    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(screen.getByRole('switch', { name: /Text alerts/ })).toHaveProperty('checked', true);
  });

  it('sets quiet hours in the account zone and what happens in them', async () => {
    serve(settings({ Email: { Enabled: true, Events: ['LeadSold'], Address: 'a1@agents.example.com' } }));
    const { user } = renderWithProviders(<AlertSettingsCard agentId="A1" />);
    const quiet = await screen.findByRole('switch', { name: /Quiet hours/ });
    expect(screen.getByText(/in your time zone \(Central\)/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Do not send them' })).toHaveProperty('disabled', true);
    await user.click(quiet);
    expect(screen.getByRole('combobox', { name: 'Quiet from' })).toHaveProperty('value', '9:00 PM');
    expect(screen.getByRole('combobox', { name: 'Quiet until' })).toHaveProperty('value', '8:00 AM');
    const until = screen.getByRole('combobox', { name: 'Quiet until' });
    await user.click(until);
    const options = await waitFor(() => document.getElementById(until.getAttribute('aria-controls') ?? '')!);
    await user.click(within(options).getByRole('option', { name: '7:30 AM', hidden: true }));
    await user.click(screen.getByRole('radio', { name: 'Do not send them' }));
    await user.click(screen.getByRole('button', { name: 'Save Alert Settings' }));
    await waitFor(() => expect(calls('account.updateAlertSettings')).toHaveLength(1));
    expect(calls('account.updateAlertSettings')[0]![1]).toMatchObject({ body: { QuietHours: { Start: '21:00', End: '07:30' }, QuietMode: 'drop' } });
  });

  it('has labelled controls that axe finds nothing wrong with', async () => {
    serve(settings({ Sms: { Enabled: false, Events: ['LeadSold'], Number: '+13125550142', Verified: false, CodeExpiresAt: '2030-01-01T00:10:00.000Z' }, QuietHours: { Start: '22:00', End: '07:00' } }));
    const { container } = renderWithProviders(<AlertSettingsCard agentId="A1" />);
    const region = await screen.findByRole('region', { name: 'E-mail and Text Alerts' });
    await within(region).findByRole('textbox', { name: 'Code from the text' });
    // Contrast needs a layout the test DOM does not compute: the browser tests check it.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.passes.map((p) => p.id)).toContain('label');
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

describe('changedOnly', () => {
  it('is nothing when nothing changed, and each changed part alone otherwise', () => {
    const saved = valuesOf(settings({ QuietHours: { Start: '22:00', End: '07:00' } }));
    expect(changedOnly(saved, saved)).toBeUndefined();
    expect(changedOnly({ ...saved, Sms: { ...saved.Sms, Events: ['BalanceLow', 'LeadSold'] } }, saved)).toEqual({ Sms: { Events: ['BalanceLow', 'LeadSold'] } });
    expect(changedOnly({ ...saved, Email: { ...saved.Email, Events: ['DisputeDecided', 'LeadSold'] } }, saved)).toBeUndefined();
    expect(changedOnly({ ...saved, QuietHours: null }, saved)).toEqual({ QuietHours: null });
  });
});
