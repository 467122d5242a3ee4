import { describe, expect, it } from 'vitest';
import { routerPathOf, uiRouteOf } from './ui-route-lookup.ts';

describe('looking up the page being shown', () => {
  it('writes table placeholders the way the router does', () => {
    expect(routerPathOf('/order/edit/{orderID}/{agentID}/{firstName}/{lastName}')).toBe(
      '/order/edit/$orderID/$agentID/$firstName/$lastName',
    );
  });

  it('finds a parameterised route by its router path', () => {
    expect(uiRouteOf('/leads/$agentID/$firstName/$lastName')?.name).toBe('adminLeads');
  });

  it('finds an index route, which the router writes with a trailing slash', () => {
    expect(uiRouteOf('/account/')?.name).toBe('account');
    expect(uiRouteOf('/')?.name).toBe('homePage');
  });

  it('finds nothing for a path outside the table', () => {
    expect(uiRouteOf('/nowhere')).toBeUndefined();
  });
});
