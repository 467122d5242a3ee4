// A lead's consent evidence (issue 24) as the lead's pages show it: the text, its version, the time in
// the viewer's zone, the IP, the page and the certificate as links (only web addresses become links),
// what was not sent said in words, and nothing axe objects to.
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import { ConsentEvidence } from './consent-evidence.tsx';

const consent = {
  Text: 'I agree to be called.',
  TextVersion: '2026-11-01',
  At: '2026-11-24T16:29:00.000Z',
  Ip: '203.0.113.5',
  PageUrl: 'https://example.com/quote',
  CertificateUrl: 'https://cert.trustedform.com/abc123',
};

describe('ConsentEvidence', () => {
  it('shows the text, version, time, IP, page and certificate link', () => {
    renderWithProviders(<ConsentEvidence consent={consent} timeZone="Central" />);
    const section = screen.getByRole('region', { name: 'Consent evidence' });
    for (const text of ['I agree to be called.', '2026-11-01', '203.0.113.5']) expect(within(section).getByText(text)).toBeTruthy();
    expect(within(section).getByText(/11\/24\/2026, 10:29/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'https://cert.trustedform.com/abc123' }).getAttribute('href')).toBe('https://cert.trustedform.com/abc123');
    expect(within(section).getByRole('link', { name: 'https://example.com/quote' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says what was not sent, and never makes a link of an address that is not a web one', () => {
    renderWithProviders(<ConsentEvidence consent={{ ...consent, TextVersion: null, CertificateUrl: null, PageUrl: 'javascript:alert(1)' }} timeZone={null} />);
    expect(screen.getByText('Not given')).toBeTruthy();
    expect(screen.getByText('None sent')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('has nothing axe objects to', async () => {
    const { container } = renderWithProviders(<ConsentEvidence consent={consent} timeZone="Central" />);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
