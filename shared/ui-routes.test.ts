import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES } from './permissions.ts';
import { UI_ROUTES, type UiRoute } from './ui-routes.ts';

const routes = UI_ROUTES as readonly UiRoute[];

/** A path with every parameter name blanked, so `/a/{x}` and `/a/{y}` count as the same route. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}').toLowerCase();

describe('browser route table', () => {
  it('gives every route a unique name and a unique path, ignoring case and parameter names', () => {
    expect(new Set(routes.map((r) => r.name)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => shape(r.path))).size).toBe(routes.length);
  });

  it('names only permissions and roles that shared/permissions.ts defines', () => {
    for (const { access } of routes) {
      if (access.kind === 'anyPermission') {
        expect(access.anyPermission.length).toBeGreaterThan(0);
        for (const p of access.anyPermission) expect(PERMISSIONS).toContain(p);
      }
      if (access.kind === 'anyRole') {
        expect(access.anyRole.length).toBeGreaterThan(0);
        for (const r of access.anyRole) expect(ROLES).toContain(r);
      }
    }
  });

  it('keeps every named route of the spec under its spec name, except agentFunds which has no path', () => {
    const specNames = [
      'homePage', 'team', 'adminAgent', 'leads', 'adminAllLeads', 'orders', 'fundOrders', 'account',
      'accountPreferences', 'campaigns', 'vendors', 'funds', 'adminLeadRules', 'adminContractMap',
      'priceFactors', 'addFundsCC', 'agentManagement', 'adminAccount', 'adminLeads', 'adminViewOrders',
      'adminViewFundOrders', 'transactionHistory', 'fundPerformance', 'campaignPerformance',
      'campaignSummaryPerformance', 'accountSummary', 'internalLeadsReport', 'openOrders', 'pingHistory',
    ];
    expect(routes.map((r) => r.name)).toEqual(expect.arrayContaining(specNames));
  });

  it("leaves only the two sales forms, the card provider's return page, the staff MFA page, the alerts' unsubscribe page and the partner welcome page public", () => {
    const publicPaths = routes.filter((r) => r.access.kind === 'public').map((r) => r.path);
    expect(publicPaths).toEqual(['/addFundsCC/return', '/Sales/LeadsForm', '/Sales/EmployerForm', '/mfaRequired', '/alerts/unsubscribe', '/partner/welcome']);
  });

  it('opens the partner portal (and only it) to vendor users, under /partner', () => {
    const partner = routes.filter((r) => r.access.kind === 'partner');
    expect(partner.map((r) => r.path)).toEqual(['/partner', '/partner/{vendorID}', '/partner/{vendorID}/leads', '/partner/{vendorID}/returns', '/partner/{vendorID}/integration', '/partner/{vendorID}/users']);
    for (const { access } of partner) if (access.kind === 'partner') for (const p of access.staff) expect(PERMISSIONS).toContain(p);
  });

  it('writes paths as absolute, with {param} placeholders and no trailing slash', () => {
    for (const { path } of routes) expect(path).toMatch(/^\/$|^(\/(\w+|\{\w+\}))+$/);
  });
});
