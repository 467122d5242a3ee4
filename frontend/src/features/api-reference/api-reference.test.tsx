import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { openApiDocument, vendorOpenApiDocument } from '#shared/api/openapi.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { ApiReference } from './api-reference.tsx';
import type { OpenApiDocument } from './openapi-document.ts';

const whole = openApiDocument() as unknown as OpenApiDocument;
const vendor = vendorOpenApiDocument() as unknown as OpenApiDocument;

describe('ApiReference', () => {
  it('groups the whole document by area and opens an operation to its parameters, body fields and answers', async () => {
    const { user } = renderWithProviders(<ApiReference document={whole} />);
    expect(screen.getByRole('heading', { level: 2, name: 'vendors' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'intake' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search the API' }), 'agentTransfer');
    expect(screen.getByRole('status').textContent).toBe('1 call');
    await user.click(screen.getByRole('button', { name: /POST \/api\/agent\/\{agentId\}\/agentTransfer\/\{receiverId\}/ }));
    // The panel shows once its collapse has opened (a frame after the click).
    const params = await screen.findByRole('table', { name: 'Parameters of POST /agent/{agentId}/agentTransfer/{receiverId}' });
    expect(within(params).getByRole('cell', { name: 'receiverId path, required' })).toBeTruthy();
    expect(screen.getByText('With the session cookie (signed in).')).toBeTruthy();
    expect(screen.getAllByText('{ ErrorMessages: string[] }').length).toBeGreaterThan(0);
  });

  it('shows the vendor subset with a curl line for the sandbox, and says when nothing matches', async () => {
    const { user } = renderWithProviders(<ApiReference document={vendor} tags={['intake']} curl={{ baseUrl: 'https://portal.example.com/api', token: 'lps_TEST', campaignCode: 'ABC' }} />);
    expect(screen.queryByRole('heading', { name: 'vendors' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /POST \/api\/intake\/leads/ }));
    const body = await screen.findByRole('table', { name: 'Body of POST /intake/leads' });
    expect(within(body).getByRole('cell', { name: 'VendorLeadId required' })).toBeTruthy();
    const curl = screen.getByText(/curl -s -X POST https:\/\/portal\.example\.com\/api\/intake\/leads/);
    expect(curl.textContent).toContain('Authorization: Bearer lps_TEST');
    expect(curl.textContent).toContain('"CampaignCode":"ABC"');
    await user.type(screen.getByRole('textbox', { name: 'Search the API' }), 'nothing-like-this');
    expect(screen.getByText('No call matches the search.')).toBeTruthy();
  });

  it('has nothing axe finds wrong with, an operation open', async () => {
    const { container, user } = renderWithProviders(<ApiReference document={vendor} curl={{ baseUrl: 'http://localhost:5173/api' }} />);
    await user.click(screen.getByRole('button', { name: /POST \/api\/intake\/ping/ }));
    await screen.findByRole('table', { name: 'Body of POST /intake/ping' });
    // Contrast needs a layout the test DOM does not compute: the browser tests check it.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
