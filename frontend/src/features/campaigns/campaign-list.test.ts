import { describe, expect, it } from 'vitest';
import { campaignsShown } from './campaign-list.ts';

const c = (Name: string, IsCurrent: boolean, Code = Name.toUpperCase()) => ({ Name, Code, IsCurrent });
const current = c('Current', true);
const pending = c('Pending', false);
const expired = c('Expired', false);
const text = (x: { Name: string; Code: string }) => [x.Name, x.Code];

describe('the campaigns list', () => {
  it('shows only current campaigns by default, and the pending and expired ones instead with the toggle', () => {
    expect(campaignsShown([pending, current, expired], { pendingOrExpired: false, filter: '', text })).toEqual([current]);
    expect(campaignsShown([pending, current, expired], { pendingOrExpired: true, filter: '', text })).toEqual([expired, pending]);
  });

  it('the filter matches any column text, ignoring case', () => {
    const other = c('Other', true, 'XYZ');
    expect(campaignsShown([current, other], { pendingOrExpired: false, filter: 'xy', text })).toEqual([other]);
  });
});
