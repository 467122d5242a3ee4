import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render.tsx';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { crmLobQuery, fundsQuery, leadTypesQuery, lookupQuery, vendorsQuery } from './api/form-lookups.ts';
import { CampaignForm } from './campaign-form.tsx';
import { newCampaignValues } from './campaign-form-model.ts';

/** A query client that already holds the form's look-ups, so nothing is fetched. */
function primed() {
  const client = createTestQueryClient();
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

const render = () => renderWithRouter(() => <CampaignForm initialValues={newCampaignValues('2030-01-10')} editing={false} />, { queryClient: primed() });

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
