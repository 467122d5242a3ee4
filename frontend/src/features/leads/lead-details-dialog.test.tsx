// The agent's lead details (My Leads) show the consumer's consent evidence (issue 24): the text, its
// version and the certificate link the vendor sent, for the agent who bought the lead.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import { LeadDetailsDialog } from './lead-details-dialog.tsx';
import { testLead } from './test-lead.ts';

describe('LeadDetailsDialog', () => {
  it('shows the consent evidence with its version and certificate link', async () => {
    renderWithProviders(<LeadDetailsDialog lead={testLead()} timeZone="Central" showSource={false} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Lead 1001' });
    const consent = within(dialog).getByRole('region', { name: 'Consent evidence' });
    expect(within(consent).getByText('I agree to be called.')).toBeTruthy();
    expect(within(consent).getByText('2026-11-01')).toBeTruthy();
    expect(within(consent).getByRole('link', { name: 'https://cert.trustedform.com/abc123' })).toBeTruthy();
  });
});
