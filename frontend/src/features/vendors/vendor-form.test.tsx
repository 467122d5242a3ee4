// The vendor form as staff use it: the Save button held back by errors, messages on touched fields,
// the lead API's posts per minute, the token and admin lines of Edit Vendor behind CAN_EDIT_VENDORS,
// and the confirm before Update Vendor.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VendorDetails } from '#shared/api/vendors.ts';
import type { Permission } from '#shared/permissions.ts';
import { VENDOR_MESSAGES } from '#shared/vendors.ts';
import { meQueryOptions } from '@/api/get-me.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { campaignChoicesKey } from './api/list-campaign-choices.ts';
import { editVendorValues, newVendorValues } from './vendor-form-model.ts';
import { VendorForm } from './vendor-form.tsx';

const vendor: VendorDetails = {
  VendorId: 'V-1',
  Name: 'Acme Leads',
  Code: 'ACME',
  Description: '',
  Status: 1,
  Created: '2026-01-01T00:00:00.000Z',
  CreatedBy: 'seed@example.com',
  Archived: false,
  AllowCreditLineUse: false,
  AllowDisputes: true,
  AllowVariablePricing: false,
  IsPartner: false,
  AdminEmail: null,
  TokenLastFour: 'wxyz',
  ModifiedBy: 'seed@example.com',
  LastUpdated: '2026-01-01T00:00:00.000Z',
  Revision: 2,
  PostsPerMinute: 1200,
  SandboxTokenLastFour: null,
  VendorContact: { VendorContactId: 'VC-1', Name: '', Email: '', Phone: '', AddressLine1: '1 Main St', AddressLine2: '', City: 'Austin', State: 'TX', Zip: '78701' },
  Admins: [],
  DisputeReasons: [],
};

/** A query client holding the signed-in user and the campaigns to pick from, so nothing is fetched. */
function primed(permissions: Permission[]) {
  const client = createTestQueryClient();
  client.setQueryData(meQueryOptions.queryKey, {
    AgentId: null,
    Name: 'Staff',
    EmailAddress: 'staff@example.com',
    Permissions: permissions,
    Account: null,
    IsSalesAssistant: false,
    IsSponsorAgent: false,
    IsFundPreview: false,
    IsAdmin: true,
    Roles: [],
  });
  client.setQueryData(campaignChoicesKey, []);
  return client;
}

const STAFF: Permission[] = ['CAN_VIEW_VENDORS', 'CAN_CREATE_NEW_VENDORS', 'CAN_EDIT_VENDORS'];

const renderNew = () => renderWithRouter(() => <VendorForm initialValues={newVendorValues()} />, { queryClient: primed(STAFF) });
const renderEdit = (permissions = STAFF) =>
  renderWithRouter(() => <VendorForm initialValues={editVendorValues(vendor)} vendor={vendor} />, { queryClient: primed(permissions) });

describe('the vendor form', () => {
  it('keeps Save Vendor disabled while the form has errors and shows each message once its field is touched', async () => {
    const { user } = await renderNew();
    const save = screen.getByRole('button', { name: 'Save Vendor' });
    expect(save).toHaveProperty('disabled', true);

    const name = screen.getByRole('textbox', { name: 'Vendor Name' });
    await user.type(name, 'N');
    await user.clear(name);
    expect(screen.getByText(VENDOR_MESSAGES.nameRequired)).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: 'City' }));
    await user.tab();
    expect(screen.getByText(VENDOR_MESSAGES.cityRequired)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nope');
    await user.tab();
    expect(screen.getByText(VENDOR_MESSAGES.invalidEmail)).toBeTruthy();
  });

  it('enables Save Vendor once the required fields are filled in', async () => {
    const { user } = await renderNew();
    await user.type(screen.getByRole('textbox', { name: 'Vendor Name' }), 'New Co');
    await user.type(screen.getByRole('textbox', { name: 'Vendor Code' }), 'NEWCO');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 Main St');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
    await user.type(screen.getByRole('textbox', { name: 'Zip Code' }), '78701-1234');
    expect(screen.getByRole('button', { name: 'Save Vendor' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Texas (TX)', hidden: true }));
    expect(screen.getByRole('button', { name: 'Save Vendor' })).toHaveProperty('disabled', false);
  });

  it('shows the token as its last four with Rotate token, and enables Set Admin only for a valid e-mail', async () => {
    const { user } = await renderEdit();
    expect(screen.getByRole('heading', { name: 'Edit Vendor', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('vendor-token-last-four').textContent).toBe('••••wxyz');
    expect(screen.getByRole('button', { name: 'Rotate token' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Select Campaigns' })).toBeNull();
    const setAdmin = screen.getByRole('button', { name: 'Set Admin' });
    expect(setAdmin).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Administrator Email' }), 'admin@acme');
    expect(setAdmin).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Administrator Email' }), '.example.com');
    expect(setAdmin).toHaveProperty('disabled', false);
  });

  it("shows the vendor's posts per minute and holds Update Vendor back while the number is outside 1 to 30,000", async () => {
    const { user } = await renderEdit();
    const field = screen.getByRole('textbox', { name: 'Posts per minute' });
    expect(field).toHaveProperty('value', '1,200');
    const update = screen.getByRole('button', { name: 'Update Vendor' });
    for (const wrong of ['0', '30001']) {
      await user.clear(field);
      await user.type(field, wrong);
      expect(screen.getByText(VENDOR_MESSAGES.postsPerMinute)).toBeTruthy();
      expect(update).toHaveProperty('disabled', true);
    }
    await user.clear(field);
    await user.type(field, '2500');
    expect(screen.queryByText(VENDOR_MESSAGES.postsPerMinute)).toBeNull();
    expect(update).toHaveProperty('disabled', false);
  });

  it('starts a new vendor at 600 posts per minute', async () => {
    await renderNew();
    expect(screen.getByRole('textbox', { name: 'Posts per minute' })).toHaveProperty('value', '600');
  });

  it('asks before Update Vendor', async () => {
    const { user } = await renderEdit();
    await user.click(screen.getByRole('button', { name: 'Update Vendor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Vendor' });
    expect(dialog.textContent).toContain('Are you sure you want to update this vendor?');
  });

  it('offers no token or admin buttons without CAN_EDIT_VENDORS', async () => {
    await renderEdit(['CAN_VIEW_VENDORS', 'CAN_CREATE_NEW_VENDORS']);
    expect(screen.getByTestId('vendor-token-last-four').textContent).toBe('••••wxyz');
    expect(screen.queryByRole('button', { name: /token/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set Admin' })).toBeNull();
  });
});
