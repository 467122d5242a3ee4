// The order wizards' step components in the wizard's one form: what their fields keep, the messages
// they give while adding things, and what the flow changes (name, distribution, regions, caps, funds),
// and what Review Order says of the schedule and the regions.
import { useForm } from '@mantine/form';
import { screen, within, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FundDto } from '#shared/api/funds.ts';
import { DISTRIBUTION_MESSAGES } from '#shared/orders/step-distribution.ts';
import { REGION_MESSAGES } from '#shared/orders/step-regions.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import type { DownlineAgent } from '../api/list-distribution-agents.ts';
import { FUND_STEPS, newDraft, type OrderDraft } from '../wizard/order-draft.ts';
import { DistributionStep } from './distribution-step.tsx';
import { FrequencyStep } from './frequency-step.tsx';
import { FundsStep } from './funds-step.tsx';
import { NameStep } from './name-step.tsx';
import { addZips, RegionsStep } from './regions-step.tsx';
import { ReviewStep } from './review-step.tsx';
import type { OrderForm } from './step-props.ts';

const OWNER = { AgentId: 'A000001', FirstName: 'Sofia', LastName: 'Sponsor' };
const DOWNLINE: DownlineAgent[] = [
  { AgentId: 'A000002', FirstName: 'Carlos', LastName: 'Captive', Status: 1, ParentAgentId: 'A000001' },
  { AgentId: 'A000050', FirstName: 'Grace', LastName: 'Grandchild', Status: 1, ParentAgentId: 'A000002' },
  { AgentId: 'A000060', FirstName: 'Terry', LastName: 'Termed', Status: 0, ParentAgentId: 'A000001' },
];

/** Renders a step inside the wizard's form; `seen` receives the form so tests can read its values. */
function Harness({ initial, render, seen }: { initial: OrderDraft; render: (form: OrderForm) => ReactNode; seen?: (form: OrderForm) => void }) {
  const form = useForm<OrderDraft>({ mode: 'controlled', initialValues: initial });
  seen?.(form);
  return <>{render(form)}</>;
}

function renderStep(render: (form: OrderForm) => ReactNode, initial: OrderDraft = newDraft(OWNER)) {
  let latest: OrderForm | undefined;
  const utils = renderWithProviders(<Harness initial={initial} render={render} seen={(f) => (latest = f)} />);
  return { ...utils, form: () => latest! };
}

afterEach(() => vi.unstubAllGlobals());

describe('Lead Distribution', () => {
  const distribution = (form: OrderForm, change: Partial<Parameters<typeof DistributionStep>[0]> = {}) => (
    <DistributionStep form={form} flow="fund" owner={OWNER} ownerIsYou downline={DOWNLINE} agents={DOWNLINE} liveTransfer={false} editable {...change} />
  );

  it('marks the owner "(you)" when the owner is the signed-in agent', () => {
    renderStep((f) => distribution(f));
    expect(screen.getByText('Sofia Sponsor (you)')).toBeTruthy();
  });

  it('does not mark the agent an admin writes the order for as "(you)"', () => {
    renderStep((f) => distribution(f, { ownerIsYou: false }));
    expect(screen.getByText('Sofia Sponsor')).toBeTruthy();
    expect(screen.queryByText(/\(you\)/)).toBeNull();
  });

  it('refuses an unknown agent and the owner, and adds a downline agent at 0%', async () => {
    const { user, form } = renderStep((f) => distribution(f));
    const add = screen.getByRole('combobox', { name: 'Add agent' });
    await user.type(add, 'A999999');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText(DISTRIBUTION_MESSAGES.notFound)).toBeTruthy();
    await user.clear(add);
    await user.type(add, 'A000001');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText(DISTRIBUTION_MESSAGES.alreadyIn)).toBeTruthy();
    await user.clear(add);
    await user.type(add, 'Carlos Captive (A000002)');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(form().values.OrderRecipients.map((r) => [r.AgentId, r.Percentage])).toEqual([
      ['A000001', '100'],
      ['A000002', '0'],
    ]);
    expect(screen.getByRole('textbox', { name: 'Percentage for Carlos Captive' })).toBeTruthy();
  });

  it('a terminated agent cannot be added', async () => {
    const { user } = renderStep((f) => distribution(f));
    await user.type(screen.getByRole('combobox', { name: 'Add agent' }), 'A000060');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText(DISTRIBUTION_MESSAGES.notFound)).toBeTruthy();
  });

  it('a percentage keeps digits only, three at most, and the total follows', async () => {
    const { user } = renderStep((f) => distribution(f));
    const share = screen.getByRole('textbox', { name: 'Percentage for Sofia Sponsor' });
    await user.clear(share);
    await user.type(share, '4a.52');
    expect((share as HTMLInputElement).value).toBe('452');
    await user.clear(share);
    await user.type(share, '60');
    expect(screen.getByText('Total: 60%')).toBeTruthy();
  });

  it('live transfer keeps every lead with the owner and locks the shares', () => {
    renderStep((f) => distribution(f, { liveTransfer: true }));
    expect(screen.getByText(/every lead goes to Sofia Sponsor/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Percentage for Sofia Sponsor' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Add agent' })).toBeNull();
  });
});

describe('Order Name', () => {
  it.each(['fund', 'campaign'] as const)('the %s flow’s field stops at 50 characters', async (flow) => {
    const { user, form } = renderStep((f) => <NameStep form={f} flow={flow} />);
    const field = screen.getByRole('textbox', { name: 'Order Name' }) as HTMLInputElement;
    expect(field.maxLength).toBe(50);
    await user.click(field);
    await user.paste('n'.repeat(60));
    expect(field.value).toBe('n'.repeat(50));
    expect(form().values.Description).toBe('n'.repeat(50));
  });
});

describe('Lead Frequency', () => {
  it('a cap keeps digits only, four at most', async () => {
    const { user, form } = renderStep((f) => <FrequencyStep form={f} flow="campaign" />);
    await user.type(screen.getByRole('textbox', { name: 'Daily limit' }), '1x2345');
    expect(form().values.MaxPerDay).toBe('1234');
  });
});

describe('Select Regions', () => {
  it('adding zips leaves out those already listed, and nothing new is a duplicate', () => {
    const groups = [{ Key: 'Zip Codes', ZipCodes: [{ ZipCode: '60601' }] }];
    expect(addZips(groups, 'Area 606', ['60601', '60602'])).toEqual({
      groups: [...groups, { Key: 'Area 606', ZipCodes: [{ ZipCode: '60602' }] }],
      added: 1,
    });
    expect(addZips(groups, 'Zip Codes', ['60601'])).toEqual({ error: REGION_MESSAGES.duplicateZip });
  });

  it('three digits add an SCF area as "Area {scf}" from the server, four cannot be added', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const rows = url.endsWith('/address/zipCode/606')
        ? [
            { ZipCode: '60601', CityName: 'Chicago', CountyName: 'Cook', StateAbbreviation: 'IL' },
            { ZipCode: '60602', CityName: 'Chicago', CountyName: 'Cook', StateAbbreviation: 'IL' },
          ]
        : [];
      return new Response(JSON.stringify(rows), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    const { user, form } = renderStep((f) => <RegionsStep form={f} flow="fund" />);
    await user.click(screen.getByRole('tab', { name: 'Zip Code' }));
    const zip = screen.getByRole('textbox', { name: 'Zip Code or SCF' });
    await user.type(zip, '6060');
    expect((screen.getByRole('button', { name: 'Add Zip' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(zip);
    await user.type(zip, '606');
    await user.click(screen.getByRole('button', { name: 'Add Zip' }));
    const list = await screen.findByRole('list', { name: 'Selected zip codes' });
    expect(within(list).getByText('Area 606 (2)')).toBeTruthy();
    expect(form().values.ZipCodes).toEqual([{ Key: 'Area 606', ZipCodes: [{ ZipCode: '60601' }, { ZipCode: '60602' }] }]);
  });

  it('a city whose zips cannot be loaded is only logged: the spinner stops and no message is shown', async () => {
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/address/states/WI') ? json([{ CityName: 'Madison', CountyName: 'Dane' }]) : json({ ErrorMessages: ['Address service unavailable.'] }, 503),
    );
    vi.stubGlobal('fetch', fetch);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { user, form } = renderStep((f) => <RegionsStep form={f} flow="fund" />);
      await user.click(screen.getByRole('combobox', { name: 'State to search' }));
      await user.click(await screen.findByRole('option', { name: 'Wisconsin', hidden: true }));
      const city = screen.getByRole('combobox', { name: 'City name' });
      await user.type(city, 'Madison');
      const add = screen.getByRole('button', { name: 'Add City' });
      await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
      await user.click(add);
      await waitFor(() => expect(logged).toHaveBeenCalledWith('The zip codes of a city or county could not be loaded.', 'Address service unavailable.'));
      await waitFor(() => expect(add.hasAttribute('data-loading')).toBe(false));
      expect(screen.queryByText(/could not be loaded/)).toBeNull();
      expect(city.getAttribute('aria-invalid')).not.toBe('true');
      expect(form().values.ZipCodes).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });

  it('states-only mode offers Select All and keeps the chosen states', async () => {
    const { user, form } = renderStep((f) => <RegionsStep form={f} flow="campaign" />);
    await user.click(screen.getByRole('switch', { name: /^States only/ }));
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(form().values.States).toHaveLength(51);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ohio' }));
    expect(form().values.States).toEqual([{ StateAbbreviation: 'OH', StateName: 'Ohio' }]);
  });
});

describe('Select Funds', () => {
  const fund = (FundId: string, Name: string, Category: number, LineOfBusiness: number, IsLiveTransfer = false): FundDto =>
    ({
      FundId,
      Name,
      Description: `${Name} description`,
      Code: FundId,
      LineOfBusiness,
      Category,
      CategoryLabel: Category === 1 ? 'LeadConnect' : 'Third Party',
      Channel: 2,
      StartDate: '2026-01-01',
      EndDate: '2099-01-01',
      IsActive: true,
      IsLiveTransfer,
      CaptivePrice: 25,
      BrokerPrice: 30,
      Price: 25,
      SpecifiedAgents: [],
      DisputableStatus: 'Some',
      Created: '',
      Modified: '',
    }) as FundDto;
  const FUNDS = [fund('F-1', 'Health Exclusive', 1, 2), fund('F-2', 'Employer Exclusive', 3, 1), fund('F-3', 'Live Medicare', 1, 4, true)];

  it('opens on LeadConnect and Third Party Shared funds; a live-transfer fund resets the distribution', async () => {
    const onLive = vi.fn();
    const { user, form } = renderStep((f) => <FundsStep form={f} funds={FUNDS} today="2026-11-25" agentType={0} onLiveTransferChosen={onLive} />);
    const list = screen.getByRole('group', { name: 'Funds' });
    expect(within(list).queryByRole('checkbox', { name: 'Employer Exclusive' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Third Party Exclusive' }));
    expect(within(list).getByRole('checkbox', { name: 'Employer Exclusive' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Medicare' }));
    expect(within(list).queryByRole('checkbox', { name: 'Live Medicare' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Medicare' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Live Medicare' }));
    expect(onLive).toHaveBeenCalledTimes(1);
    await user.click(within(list).getByRole('checkbox', { name: 'Health Exclusive' }));
    expect(onLive).toHaveBeenCalledTimes(1);
    expect(form().values.SelectedFunds).toEqual(['F-3', 'F-1']);
  });

  it('names a chosen fund the caller’s list no longer has by the order’s own funds, not by its id', () => {
    const draft = { ...newDraft(OWNER), SelectedFunds: ['F-9'] };
    renderStep((f) => <FundsStep form={f} funds={FUNDS} orderFunds={[{ FundId: 'F-9', Name: 'Dental Add-on' }]} today="2026-11-25" agentType={0} onLiveTransferChosen={() => undefined} />, draft);
    const selected = screen.getByRole('list', { name: 'Selected funds' });
    expect(within(selected).getByText('Dental Add-on (inactive)')).toBeTruthy();
    expect(within(selected).getByRole('button', { name: 'Remove Dental Add-on' })).toBeTruthy();
  });

  it('a fund’s description opens in a dialog', async () => {
    const { user } = renderStep((f) => <FundsStep form={f} funds={FUNDS} today="2026-11-25" agentType={0} onLiveTransferChosen={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Description of Health Exclusive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Health Exclusive' });
    expect(within(dialog).getByText('Health Exclusive description')).toBeTruthy();
  });
});

describe('Review Order', () => {
  const review = (draft: OrderDraft) =>
    renderWithProviders(<ReviewStep draft={draft} flow="fund" steps={FUND_STEPS} owner={OWNER} funds={[]} records={[]} onEdit={() => undefined} />);
  const zips = (...codes: string[]) => codes.map((ZipCode) => ({ ZipCode }));
  const items = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.textContent);

  it('reads the all-day slot to 11:59:59 PM, as the schedule calendar shows its end, not to 12:00 AM', () => {
    review(newDraft(OWNER));
    const schedule = screen.getByRole('region', { name: 'Order Schedule' });
    expect(within(schedule).getByText('12:00 AM to 11:59:59 PM: MON TUE WED THU FRI SAT SUN')).toBeTruthy();
  });

  it('lists the typed zips, SCF areas, radius and city entries, the first five and the rest behind "+N more"', async () => {
    const { user } = review({
      ...newDraft(OWNER),
      ZipCodes: [
        { Key: 'Zip Codes', ZipCodes: zips('60601', '60602', '60603') },
        { Key: 'Area 606', ZipCodes: zips('60604', '60605') },
        { Key: '10 miles of 46204', ZipCodes: zips('46204', '46205') },
        { Key: 'Madison, WI', ZipCodes: zips('53703') },
      ],
    });
    const regions = screen.getByRole('region', { name: 'Select Regions' });
    expect(within(regions).getByText('8 zip codes')).toBeTruthy();
    const list = within(regions).getByRole('list', { name: 'Regions' });
    expect(items(list)).toEqual(['60601', '60602', '60603', 'Area 606 (2 zip codes)', '10 miles of 46204 (2 zip codes)']);
    await user.click(within(regions).getByRole('button', { name: '+1 more' }));
    expect(items(list)).toEqual(['60601', '60602', '60603', 'Area 606 (2 zip codes)', '10 miles of 46204 (2 zip codes)', 'Madison, WI (1 zip code)']);
    await user.click(within(regions).getByRole('button', { name: 'Show fewer' }));
    expect(items(list)).toHaveLength(5);
  });

  it('lists the states of a states-only order, the first five and the rest behind "+N more"', async () => {
    const states = ['Ohio', 'Iowa', 'Utah', 'Maine', 'Texas', 'Idaho', 'Kansas'].map((StateName) => ({ StateName, StateAbbreviation: StateName.slice(0, 2).toUpperCase() }));
    const { user } = review({ ...newDraft(OWNER), StatesOnly: true, States: states });
    const regions = screen.getByRole('region', { name: 'Select Regions' });
    expect(within(regions).getByText('States: Ohio, Iowa, Utah, Maine, Texas')).toBeTruthy();
    await user.click(within(regions).getByRole('button', { name: '+2 more' }));
    expect(within(regions).getByText('States: Ohio, Iowa, Utah, Maine, Texas, Idaho, Kansas')).toBeTruthy();
  });
});
