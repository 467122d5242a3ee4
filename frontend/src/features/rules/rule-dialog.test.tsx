import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RuleDto } from '#shared/api/rules.ts';
import { RULE_MESSAGES } from '#shared/rules.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { ruleCampaignsQueryOptions } from './api/list-rule-campaigns.ts';
import { RuleDialog } from './rule-dialog.tsx';

/** A query client that already holds the campaigns, so nothing is fetched. */
function primed() {
  const client = createTestQueryClient();
  client.setQueryData(ruleCampaignsQueryOptions.queryKey, []);
  return client;
}

const defaultRule: RuleDto = {
  RuleId: 'default',
  Name: 'Default Rule',
  Description: 'Applies to every lead no other rule matches.',
  Active: true,
  PPPercent: 50,
  CallCenterPercent: 50,
  ZipCodes: '',
  States: '',
  LinesOfBusiness: '',
  Campaigns: '',
  DefaultRule: true,
  Priority: 6,
  CreatedDate: '2026-01-01T00:00:00.000Z',
  LastModifiedDate: '2026-01-01T00:00:00.000Z',
  CallCenterCount: 0,
  PPCount: 0,
  ModifiedBy: 'seed@leadportal.example.com',
  LastUpdated: '2026-01-01T00:00:00.000Z',
  Revision: 1,
};

const render = (props: Partial<Parameters<typeof RuleDialog>[0]> = {}) =>
  renderWithProviders(<RuleDialog onClose={() => undefined} onSaved={() => undefined} zipExists={async () => true} {...props} />, { queryClient: primed() });

const dialog = (name = 'Add Rule') => screen.getByRole('dialog', { name });
const save = () => within(dialog()).getByRole('button', { name: 'Save' });

describe('the rule dialog', () => {
  it("a new rule starts at 50 and 50, with Save disabled until it has a name; an emptied name says 'Rule Name is required.'", async () => {
    const { user } = render();
    expect(within(dialog()).getByRole('textbox', { name: 'Call Center Target (%)' })).toHaveProperty('value', '50');
    expect(within(dialog()).getByRole('textbox', { name: 'Post Target (%)' })).toHaveProperty('value', '50');
    expect(save()).toHaveProperty('disabled', true);
    const name = within(dialog()).getByRole('textbox', { name: 'Rule Name' });
    await user.type(name, 'Ohio');
    expect(save()).toHaveProperty('disabled', false);
    await user.clear(name);
    expect(screen.getByText(RULE_MESSAGES.nameRequired)).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
  });

  it("targets that do not add to 100 say 'Call Center Target and Post Target must add to 100%.' and disable Save", async () => {
    const { user } = render();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Rule Name' }), 'Ohio');
    const callCenter = within(dialog()).getByRole('textbox', { name: 'Call Center Target (%)' });
    await user.clear(callCenter);
    await user.type(callCenter, '60');
    expect(screen.getByText(RULE_MESSAGES.percentTotal)).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    const post = within(dialog()).getByRole('textbox', { name: 'Post Target (%)' });
    await user.clear(post);
    await user.type(post, '40');
    expect(screen.queryByText(RULE_MESSAGES.percentTotal)).toBeNull();
    expect(save()).toHaveProperty('disabled', false);
  });

  it('the zip box adds 3 or 5 digits only, and a zip the server does not know says Invalid Zip Code', async () => {
    const exists = vi.fn(async (entry: string) => entry !== '00000');
    const { user } = render({ zipExists: exists });
    const zip = within(dialog()).getByRole('textbox', { name: 'Zip Code or SCF' });
    const add = within(dialog()).getByRole('button', { name: 'Add Zip' });
    for (const partial of ['4', '43', '4321']) {
      await user.clear(zip);
      await user.type(zip, partial);
      expect(add, partial).toHaveProperty('disabled', true);
    }
    await user.clear(zip);
    await user.type(zip, '00000');
    await user.click(add);
    expect(await screen.findByText(RULE_MESSAGES.invalidZip)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Zip codes and SCFs' })).toBeNull();
    await user.clear(zip);
    await user.type(zip, '432{Enter}');
    await user.type(zip, '43215');
    await user.click(add);
    const list = await screen.findByRole('list', { name: 'Zip codes and SCFs' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['432', '43215']);
    expect(exists.mock.calls.map(([entry]) => entry)).toEqual(['00000', '432', '43215']);
  });

  it('the default rule offers only its two targets', () => {
    render({ rule: defaultRule });
    const d = dialog('Edit Default Rule');
    expect(within(d).queryByRole('textbox', { name: 'Rule Name' })).toBeNull();
    expect(within(d).queryByRole('textbox', { name: 'Zip Code or SCF' })).toBeNull();
    expect(within(d).queryByRole('textbox', { name: 'States' })).toBeNull();
    expect(within(d).getByRole('textbox', { name: 'Call Center Target (%)' })).toBeTruthy();
    expect(within(d).getByRole('textbox', { name: 'Post Target (%)' })).toBeTruthy();
    expect(within(d).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });
});
