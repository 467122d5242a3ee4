import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDetailDto } from '#shared/api/campaigns.ts';
import { CAMPAIGN_MESSAGES } from '#shared/campaign.ts';
import { OWN_COMPANY_CATEGORY_LABEL } from '#shared/funds.ts';
import { meQueryOptions, type User } from '@/api/get-me.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { crmLobQuery, fundsQuery, leadTypesQuery, lookupQuery, vendorsQuery } from './api/form-lookups.ts';
import { CampaignForm } from './campaign-form.tsx';
import { editCampaignValues, newCampaignValues } from './campaign-form-model.ts';

/** A staff user, in fund preview or not. */
const staff = (fundPreview: boolean): User => ({
  AgentId: null,
  Name: 'Staff',
  EmailAddress: 'staff@example.com',
  Permissions: [],
  Account: null,
  IsSalesAssistant: false,
  IsSponsorAgent: false,
  IsFundPreview: fundPreview,
  IsAdmin: true,
  Roles: [],
});

/** A query client that already holds the signed-in user and the form's look-ups, so nothing is fetched. */
function primed(fundPreview = false) {
  const client = createTestQueryClient();
  client.setQueryData(meQueryOptions.queryKey, staff(fundPreview));
  client.setQueryData(leadTypesQuery.queryKey, [{ Name: 'Web', Value: 'Web' }]);
  client.setQueryData(crmLobQuery.queryKey, [{ Name: 'Health', Value: 'Health' }]);
  client.setQueryData(lookupQuery('BusinessOwner').queryKey, [{ Category: 'BusinessOwner' as const, Name: 'Marketing', Value: 'Marketing' }]);
  client.setQueryData(lookupQuery('Destination').queryKey, [{ Category: 'Destination' as const, Name: 'Portal', Value: 'Portal' }]);
  client.setQueryData(fundsQuery.queryKey, []);
  client.setQueryData(vendorsQuery.queryKey, [
    {
      VendorId: 'V1',
      Name: 'Acme Leads',
      Code: 'ACME',
      Description: '',
      Status: 1 as const,
      Created: '2026-01-01T00:00:00.000Z',
      CreatedBy: 'seed',
      Archived: false,
      AllowCreditLineUse: false,
      AllowDisputes: true,
      AllowVariablePricing: false,
      IsPartner: false,
      AdminEmail: null,
      TokenLastFour: null,
      ModifiedBy: 'seed',
      LastUpdated: '2026-01-01T00:00:00.000Z',
      Revision: 1,
    },
  ]);
  return client;
}

const render = (fundPreview = false) =>
  renderWithRouter(() => <CampaignForm initialValues={newCampaignValues('2030-01-10')} editing={false} />, { queryClient: primed(fundPreview) });

/** A stored campaign with one campaign vendor whose captive and broker prices are set. */
const stored: CampaignDetailDto = {
  CampaignId: 'C1',
  Name: 'Spring Health',
  Code: 'SPR30',
  Description: 'Spring campaign',
  Category: 3,
  LeadType: 'Web',
  Lob: 4,
  CrmLob: 'Health',
  BusinessOwner: 'Marketing',
  Destination: 'Portal',
  Status: 'Active',
  StartDate: '2030-01-10T00:00:00.000Z',
  EndDate: '2030-02-10T23:59:59.999Z',
  IsCurrent: false,
  AllowDisputes: false,
  IsLiveTransfer: false,
  DedupeScope: 'All',
  DedupeDays: 30,
  CallCenterCheck: 0,
  CallTimeCheck: 30,
  MaxRetries: 0,
  RetryInterval: 0,
  Channel: 'Captive',
  CheckEbureau: false,
  MinScore: 0,
  ModifiedBy: 'seed',
  LastUpdated: '2030-01-01T00:00:00.000Z',
  Revision: 2,
  CampaignValidation: { CampaignValidationId: 'C1', AddressLine1Required: false, CityRequired: false, StateRequired: false, ZipRequired: false, CountryRequired: false, In_EmailRequired: false, Bz_EmailRequired: false, In_GenderRequired: false, In_dobRequired: false },
  CallerLeadsBidCampaigns: [],
  CampaignVendors: [
    {
      CampaignVendorId: 'CV1',
      CampaignId: 'C1',
      VendorId: 'V1',
      VendorName: 'Acme Leads',
      VendorPrice: 30,
      MaxPrice: 0,
      CaptivePrice: 45,
      BrokerPrice: 50,
      CheckEbureau: false,
      MinScore: 0,
      Funds: [],
      ModifiedBy: 'seed',
      LastUpdated: '2030-01-01T00:00:00.000Z',
      Revision: 5,
    },
  ],
};

/** Picks the option already chosen in a Select (which empties a Select that allows it). */
async function pickAgain(user: Awaited<ReturnType<typeof render>>['user'], name: string, option: string) {
  const select = screen.getByRole('combobox', { name });
  await user.click(select);
  const options = await waitFor(() => document.getElementById(select.getAttribute('aria-controls') ?? '')!);
  await user.click(within(options).getByRole('option', { name: option, hidden: true }));
  return select;
}

describe('the campaign form', () => {
  it("an empty save shows the shared schema's required messages and asks nothing", async () => {
    const { user } = await render();
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    for (const text of [
      'Campaign name is required',
      'Code is required',
      'Description is required',
      'Lead Type is required',
      'CRM Line of Business is required',
      'Business Owner is required',
      'Destination is required',
      'A vendor is required',
      'Vendor price is required',
    ])
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog', { name: 'Save Campaign' })).toBeNull();
  });

  it('turning eBureau on forces the Address criterion on and locks it, and asks for a min score', async () => {
    const { user } = await render();
    const criteria = screen.getByRole('region', { name: 'Criteria' });
    const ebureau = criteria.querySelector('input[type="checkbox"]') as HTMLInputElement;
    await user.click(ebureau);
    const address = screen.getByRole('switch', { name: 'Address' });
    expect(address).toHaveProperty('checked', true);
    expect(address).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    expect(screen.getByText('Min score is required')).toBeTruthy();
  });
});

describe('the campaign form with a field that fails its type', () => {
  it('shows the min score rule alongside the other messages, not only once they are fixed', async () => {
    const { user } = await render();
    await user.clear(screen.getByRole('textbox', { name: 'Days' }));
    const criteria = screen.getByRole('region', { name: 'Criteria' });
    await user.click(criteria.querySelector('input[type="checkbox"]') as HTMLInputElement);
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    expect(screen.getByText('Days is required')).toBeTruthy();
    expect(screen.getByText('Min score is required')).toBeTruthy();
  });
});

describe('the campaign form and fund preview (part 3 §3, §5)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("in fund preview a vendor row shows Captive and Broker Price, and an empty save asks for them, Line of Business and Category", async () => {
    const { user } = await render(true);
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
    expect(screen.getByRole('textbox', { name: 'Captive Price' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Broker Price' })).toBeTruthy();
    expect((await pickAgain(user, 'Line of Business', 'Health')).getAttribute('value')).toBe('');
    expect((await pickAgain(user, 'Category', OWN_COMPANY_CATEGORY_LABEL)).getAttribute('value')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    for (const text of ['Captive price is required', 'Broker price is required', 'Line of Business is required', 'Category is required']) expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
  });

  it('outside fund preview Captive and Broker Price may stay empty, and Line of Business and Category cannot be emptied to block a save', async () => {
    const { user } = await render(false);
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
    // Shown to every editor: campaign orders charge agents these prices (docs/api.md).
    expect(screen.getByRole('textbox', { name: 'Captive Price' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Broker Price' })).toBeTruthy();
    expect((await pickAgain(user, 'Line of Business', 'Health')).getAttribute('value')).toBe('Health');
    expect((await pickAgain(user, 'Category', OWN_COMPANY_CATEGORY_LABEL)).getAttribute('value')).toBe(OWN_COMPANY_CATEGORY_LABEL);
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    expect(screen.getAllByText(CAMPAIGN_MESSAGES.vendorPriceRequired).length).toBeGreaterThan(0);
    for (const text of ['Captive price is required', 'Broker price is required', 'Line of Business is required', 'Category is required']) expect(screen.queryByText(text), text).toBeNull();
  });

  it('outside fund preview a saved campaign vendor is saved with the prices and the Line of Business and Category it was read with', async () => {
    const sent: { url: string; method: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      sent.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('campaignVendors')) return new Response(JSON.stringify({ CampaignVendorId: 'CV1' }), { status: 200, headers: { 'content-type': 'application/json' } });
      return new Response(null, { status: 204 });
    });
    const { user } = await renderWithRouter(() => <CampaignForm initialValues={editCampaignValues(stored)} editing />, { queryClient: primed(false) });
    const acme = screen.getByRole('group', { name: 'Acme Leads' });
    expect((within(acme).getByRole('textbox', { name: 'Captive Price' }) as HTMLInputElement).value).toContain('45');
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save Campaign' })).getByRole('button', { name: 'Yes' }));
    await screen.findByText(CAMPAIGN_MESSAGES.saveSucceeded);
    const vendorPatch = sent.find((c) => c.url.includes('campaignVendors'));
    expect(vendorPatch).toMatchObject({ method: 'PATCH', body: { CampaignVendorId: 'CV1', VendorPrice: 30, CaptivePrice: 45, BrokerPrice: 50, Revision: 5 } });
    expect(sent.find((c) => c.method === 'PATCH' && !c.url.includes('campaignVendors'))?.body).toMatchObject({ Lob: 4, Category: 3 });
  });
});
