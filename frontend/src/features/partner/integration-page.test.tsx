// The partner portal's Integration screen: the campaigns with their required fields, the token's last
// four, Rotate for administrators only (asked first, the new token shown once), the API docs; axe.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartnerIntegration } from '#shared/api/partner.ts';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { IntegrationPage, SHOWN_ONCE } from './integration-page.tsx';
import { axeFindings, renderSignedIn, vendorMe } from './partner-test-setup.tsx';

stubCallApi();

const VENDOR = 'V-1';
const NEW_TOKEN = 'lpv_new_token_shown_once_9ZyX';
const SANDBOX_TOKEN = 'lps_sandbox_token_shown_once_Sb12';

const integration = (lastFour: string, sandboxLastFour: string | null = null): PartnerIntegration => ({
  VendorId: VENDOR,
  TokenLastFour: lastFour,
  SandboxTokenLastFour: sandboxLastFour,
  OpenApiUrl: '/api/intake/openapi.json',
  Campaigns: [
    { CampaignId: 'C1', CampaignCode: 'HWL', Name: 'Health Web Leads', Active: true, RequiredFields: ['CampaignCode', 'FirstName', 'Email', 'BirthDate'], MinAge: 18, MaxAge: 64 },
    { CampaignId: 'C2', CampaignCode: 'SUP', Name: 'Supplemental Direct', Active: false, RequiredFields: ['CampaignCode', 'FirstName'], MinAge: 0, MaxAge: 0 },
  ],
});

function renderAs(role: 'admin' | 'readOnly') {
  return renderSignedIn(vendorMe(VENDOR, role), <IntegrationPage vendorId={VENDOR} reference={(curl) => <p data-testid="reference">{JSON.stringify(curl)}</p>} />);
}

describe('the partner Integration screen', () => {
  beforeEach(() => {
    let lastFour = 'abcd';
    let sandboxLastFour: string | null = null;
    vi.mocked(callApi).mockReset();
    vi.mocked(callApi).mockImplementation(async (id: string) => {
      if (id === 'partner.rotateToken') {
        lastFour = NEW_TOKEN.slice(-4);
        return { Token: NEW_TOKEN, TokenLastFour: lastFour };
      }
      if (id === 'partner.rotateSandboxToken') {
        sandboxLastFour = SANDBOX_TOKEN.slice(-4);
        return { Token: SANDBOX_TOKEN, TokenLastFour: sandboxLastFour };
      }
      return integration(lastFour, sandboxLastFour);
    });
  });

  it("lists each campaign's code, status and required fields, with its age limits in words", async () => {
    renderAs('readOnly');
    const table = await screen.findByRole('table', { name: 'Campaigns' }, { timeout: 10_000 });
    const hwl = within(table).getByText('HWL').closest('tr')!;
    expect(within(hwl).getByText('Active')).toBeTruthy();
    expect(within(hwl).getByText('BirthDate')).toBeTruthy();
    expect(within(hwl).getByText('Ages 18 to 64')).toBeTruthy();
    expect(within(within(table).getByText('SUP').closest('tr')!).getByText('Inactive')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The lead API’s OpenAPI document' }).getAttribute('href')).toBe('/api/intake/openapi.json');
  });

  it('gives a read-only user the last four but no Rotate', async () => {
    renderAs('readOnly');
    expect((await screen.findByTestId('partner-token-last-four', {}, { timeout: 10_000 })).textContent).toBe('…abcd');
    expect(screen.queryByRole('button', { name: 'Rotate token' })).toBeNull();
  });

  it('rotates for an administrator after asking, and shows the new token once', async () => {
    const { user } = renderAs('admin');
    await user.click(await screen.findByRole('button', { name: 'Rotate token' }, { timeout: 10_000 }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Rotate token' })).getByRole('button', { name: 'Rotate token' }));
    expect(((await screen.findByRole('textbox', { name: 'New token' })) as HTMLInputElement).value).toBe(NEW_TOKEN);
    expect(screen.getByText(SHOWN_ONCE)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('partner-token-last-four').textContent).toBe('…9ZyX'));
  });

  it('generates a sandbox token for an administrator, leaving the real one, and hands it to the reference’s curl lines', async () => {
    const { user } = renderAs('admin');
    expect((await screen.findByTestId('partner-sandbox-token-last-four', {}, { timeout: 10_000 })).textContent).toBe('None yet');
    await user.click(screen.getByRole('button', { name: 'Generate sandbox token' }));
    expect(((await screen.findByRole('textbox', { name: 'New sandbox token' })) as HTMLInputElement).value).toBe(SANDBOX_TOKEN);
    await waitFor(() => expect(screen.getByTestId('partner-sandbox-token-last-four').textContent).toBe('…Sb12'));
    expect(screen.getByTestId('partner-token-last-four').textContent).toBe('…abcd');
    expect(JSON.parse(screen.getByTestId('reference').textContent!)).toEqual({ campaignCode: 'HWL', sandboxToken: SANDBOX_TOKEN });
    expect(vi.mocked(callApi).mock.calls.filter(([id]) => id === 'partner.rotateToken')).toHaveLength(0);
  });

  it('has labelled controls that axe finds nothing wrong with', async () => {
    const { container } = renderAs('admin');
    await screen.findByRole('table', { name: 'Campaigns' }, { timeout: 10_000 });
    expect(await axeFindings(container)).toEqual([]);
  });
});
