import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { sandboxCurl, SandboxTokenSection } from './sandbox-token-section.tsx';

stubCallApi();
const called = vi.mocked(callApi);
const TOKEN = `lps_${'a'.repeat(39)}WXYZ`;

beforeEach(() => {
  called.mockReset();
  called.mockResolvedValue({ VendorId: 'V1', Revision: 8, ModifiedBy: 'admin@example.com', LastUpdated: '2026-12-03T15:00:00.000Z', Token: TOKEN, TokenLastFour: 'WXYZ' } as never);
});

describe('SandboxTokenSection', () => {
  it('generates the sandbox token through its own route, shows it once with a curl line, and moves the revision', async () => {
    const onRevision = vi.fn();
    const { user } = renderWithProviders(<SandboxTokenSection vendorId="V1" lastFour={null} canEdit onRevision={onRevision} />);
    expect(screen.getByTestId('sandbox-token-last-four').textContent).toBe('No token yet');
    await user.click(screen.getByRole('button', { name: 'Generate sandbox token' }));
    await waitFor(() => expect(onRevision).toHaveBeenCalledWith(8));
    expect(called.mock.calls[0]).toEqual(['vendors.rotateSandboxToken', { params: { vendorId: 'V1' } }]);
    expect((screen.getByRole('textbox', { name: 'New sandbox token' }) as HTMLInputElement).value).toBe(TOKEN);
    expect(screen.getByTestId('sandbox-token-last-four').textContent).toBe('••••WXYZ');
    expect(screen.getByText(/curl -s .*\/api\/intake\/leads/).textContent).toContain(`Bearer ${TOKEN}`);
    expect(screen.getByRole('button', { name: 'Rotate sandbox token' })).toBeTruthy();
  });

  it('offers no button to staff who may not edit vendors', () => {
    renderWithProviders(<SandboxTokenSection vendorId="V1" lastFour="ABCD" canEdit={false} onRevision={() => {}} />);
    expect(screen.queryByRole('button', { name: /sandbox token/ })).toBeNull();
  });

  it('has nothing axe finds wrong with once a token is shown', async () => {
    const { container, user } = renderWithProviders(<SandboxTokenSection vendorId="V1" lastFour="ABCD" canEdit onRevision={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Rotate sandbox token' }));
    await screen.findByRole('textbox', { name: 'New sandbox token' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

describe('sandboxCurl', () => {
  it('posts the example lead with a fresh VendorLeadId and consent time to the intake route', () => {
    const line = sandboxCurl('https://portal.example.com', 'lps_T', new Date('2026-12-03T15:00:00.500Z'));
    expect(line.split(' \\\n')[0]).toBe('curl -s https://portal.example.com/api/intake/leads');
    const body = JSON.parse(/-d '(.*)'$/s.exec(line)![1]!);
    expect(body).toMatchObject({ VendorLeadId: 'sandbox-1796310000500', Consent: { Timestamp: '2026-12-03T15:00:00Z' } });
  });
});
