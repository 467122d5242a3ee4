// The partner portal's Users screen: an administrator invites a colleague and sees the server's refusals
// in its words; a read-only user sees the list without any action; axe finds nothing wrong.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_MESSAGES, type PartnerUser } from '#shared/api/partner.ts';
import { ApiError } from '@/api/client.ts';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { UsersPage } from './users-page.tsx';
import { axeFindings, renderSignedIn, vendorMe } from './partner-test-setup.tsx';

stubCallApi();

const VENDOR = 'V-1';
const USERS: PartnerUser[] = [
  { UserId: 'u-admin', Email: 'val@acme.example.com', Name: 'Val Vendor', Role: 'admin', InvitedAt: '2026-11-01T12:00:00.000Z', InvitedBy: 'admin@leadportal.example.com' },
  { UserId: 'u-reader', Email: 'rory@acme.example.com', Name: 'Rory Reader', Role: 'readOnly', InvitedAt: '2026-11-02T12:00:00.000Z', InvitedBy: 'val@acme.example.com' },
];

const calls = (id: string) => vi.mocked(callApi).mock.calls.filter(([called]) => called === id);

function renderAs(role: 'admin' | 'readOnly') {
  return renderSignedIn(vendorMe(VENDOR, role, role === 'admin' ? USERS[0]!.Email : USERS[1]!.Email), <UsersPage vendorId={VENDOR} />);
}

describe('the partner Users screen', () => {
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
    vi.mocked(callApi).mockImplementation(async (id: string) => {
      if (id === 'partner.users') return { Users: USERS };
      if (id === 'partner.inviteUser') return { ...USERS[1]!, UserId: 'u-new', Email: 'new@acme.example.com' };
      throw new ApiError(409, [PARTNER_MESSAGES.lastAdmin]);
    });
  });

  it('lets an administrator invite a colleague as read-only, and says the invitation is sent', async () => {
    const { user } = renderAs('admin');
    const form = await screen.findByRole('form', { name: 'Invite a colleague' }, { timeout: 10_000 });
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'new@acme.example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls('partner.inviteUser')).toHaveLength(1));
    expect(calls('partner.inviteUser')[0]![1]).toEqual({ params: { vendorId: VENDOR }, body: { Email: 'new@acme.example.com', Name: '', Role: 'readOnly' } });
    expect(await screen.findByText(PARTNER_MESSAGES.invited)).toBeTruthy();
  });

  it('shows an invalid address before sending anything', async () => {
    const { user } = renderAs('admin');
    const form = await screen.findByRole('form', { name: 'Invite a colleague' }, { timeout: 10_000 });
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(PARTNER_MESSAGES.invalidEmail)).toBeTruthy();
    expect(calls('partner.inviteUser')).toHaveLength(0);
  });

  it("shows the server's refusal in its words when the last administrator is removed", async () => {
    const { user } = renderAs('admin');
    await user.click(await screen.findByRole('button', { name: `Remove ${USERS[0]!.Email}` }, { timeout: 10_000 }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove user' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(PARTNER_MESSAGES.lastAdmin)).toBeTruthy();
    expect(calls('partner.removeUser')[0]![1]).toEqual({ params: { vendorId: VENDOR, userId: 'u-admin' } });
  });

  it('shows a read-only user the list without the invitation or any action', async () => {
    renderAs('readOnly');
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Administrator')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite a colleague' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows each user as a card of its own on a phone, with the same actions', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList,
    );
    try {
      renderAs('admin');
      const list = await screen.findByRole('list', { name: 'Users' }, { timeout: 10_000 });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(within(list).getByRole('button', { name: `Remove ${USERS[1]!.Email}` })).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      phone.mockRestore();
    }
  });

  it('has labelled controls that axe finds nothing wrong with', async () => {
    const { container } = renderAs('admin');
    await screen.findByRole('table', { name: 'Users' }, { timeout: 10_000 });
    // Contrast needs a layout the test DOM does not compute: the browser test checks it.
    expect(await axeFindings(container)).toEqual([]);
  });
});
