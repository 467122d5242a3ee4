// The fund order wizard (spec part 2 §2, §4, §5, §8) as an agent and as an admin walk it. The sponsor
// opens New Order from My Orders, meets the fund flow's validation messages step by step (name, whose
// field stops at 50 characters; funds, regions with every picker snackbar, frequency, distribution
// with the sponsor marked '(you)', schedule, Review before the steps are done; Review lists the zips
// and groups chosen), saves through the agreement dialog to the fund orders list, finds the order
// through the API, edits it behind the leave prompt and saves again. An admin writes an order for the
// captive agent on the admin route (notice banner, unfiltered funds with the inactive-fund message, no
// '(you)' beside the agent, Review's all-day slot ending 11:59:59 PM and its states five at first, then
// '+46 more') and lands on that agent's fund orders; a missing order on the admin route goes back there
// too. An agent editing an order whose fund was switched off since reads the fund's name, not its id.
// Managers and support are refused the admin wizard routes (new and edit, both wizards) before the
// wizard opens. axe on every step; nothing wider than a 390 px phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FILL_RATE_TEXTS } from '#shared/api/fill-rate.ts';
import { NAME_MESSAGES } from '#shared/orders/step-name.ts';
import { FUND_STEP_MESSAGES } from '#shared/orders/step-funds.ts';
import { REGION_MESSAGES } from '#shared/orders/step-regions.ts';
import { FREQUENCY_MESSAGES } from '#shared/orders/step-frequency.ts';
import { DISTRIBUTION_MESSAGES } from '#shared/orders/step-distribution.ts';
import { SCHEDULE_MESSAGES } from '#shared/orders/step-schedule.ts';
import { DAYS, ORDER_CONDITIONS, ORDER_WIZARD_TEXTS } from '#shared/orders/order.ts';
import { companyDay } from '#shared/time-zones.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { DESKTOP, dismissSnacks, expectAxeClean, expectSnack, expectStep, fill, header, next, orderNamed, ordersOf, pick, stepHeading, toggleDay } from './order-wizard-steps.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const SPONSOR = { id: 'A000001', first: 'Sofia', last: 'Sponsor' };
const CAPTIVE = { id: 'A000002', first: 'Carlos', last: 'Captive' };
const BROKER = { id: 'A000003', first: 'Bianca', last: 'Broker' };

/** A fund offered to the broker alone (Specify Agents), receiving leads from the company's today for 30 days. */
function fundBody(name: string, run: string) {
  const today = companyDay();
  const end = new Date(`${today}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 30);
  return {
    Name: name, Description: 'A fund the e2e run switches off.', Code: `E2E-OFF-${run}`, LineOfBusiness: 2, Category: 1, CaptivePrice: 10, BrokerPrice: 12,
    IsActive: true, IsLiveTransfer: false, StartDate: today, EndDate: end.toISOString().slice(0, 10),
    Captive: false, Broker: false, FirstFamily: false, SpecifyAgents: true, AgentIds: [BROKER.id],
  };
}

describe('the fund order wizard', () => {
  it('walks an agent through every step and message to a saved order, then edits it behind the leave prompt', { timeout: 420_000 }, async () => {
    const p = await signInAs('sponsor');
    await p.setViewportSize(DESKTOP);
    const name = `Walked fund order ${Date.now() % 100000}`;

    // From My Orders' fund orders list, as an agent starts one.
    await navigateInApp(p, '/fundorders');
    await p.getByRole('link', { name: 'New Order', exact: true }).or(p.getByRole('button', { name: 'New Order', exact: true })).first().click();
    await p.waitForURL(/\/fundOrder\/new/);
    await p.getByRole('heading', { name: 'New Fund Order', level: 1 }).waitFor();
    await expectStep(p, 'Order Name');
    await expectAxeClean(p);

    // Order Name: required, with the step's summary in the snackbar.
    await next(p);
    await expectSnack(p, NAME_MESSAGES.missingFields);
    await p.getByText(NAME_MESSAGES.required, { exact: true }).waitFor();
    // Review is closed until every step passes.
    await header(p, 'Review Order').click();
    await expectSnack(p, ORDER_WIZARD_TEXTS.allStepsRequired);
    await expectStep(p, 'Order Name');
    // The field stops at 50 characters (issue 19, item 7): 60 typed, 50 held, and Next goes on without a word.
    await fill(p, 'Order Name', 'x'.repeat(60));
    expect(await p.getByRole('textbox', { name: 'Order Name' }).inputValue()).toBe('x'.repeat(50));
    await next(p);
    await expectStep(p, 'Select Funds');
    expect(await p.getByText(NAME_MESSAGES.tooLong).count()).toBe(0);
    await header(p, 'Order Name').click();
    await expectStep(p, 'Order Name');
    await fill(p, 'Order Name', name);
    await next(p);

    // Select Funds: at least one; the description dialog; category and line-of-business filters.
    await expectStep(p, 'Select Funds');
    await dismissSnacks(p);
    await next(p);
    await expectSnack(p, FUND_STEP_MESSAGES.required);
    const funds = p.getByRole('group', { name: 'Funds' });
    await funds.getByRole('checkbox', { name: 'Health Exclusive' }).waitFor();
    await p.getByRole('button', { name: 'Description of Health Exclusive' }).click();
    const description = p.getByRole('dialog', { name: 'Health Exclusive' });
    await description.getByText('Exclusive health leads from our own web forms.').waitFor();
    await expectAxeClean(p);
    await description.getByRole('button', { name: 'Close', exact: true }).click();
    await description.waitFor({ state: 'hidden' });
    await p.getByRole('checkbox', { name: 'Health', exact: true }).uncheck();
    await expect.poll(() => funds.getByRole('checkbox', { name: 'Health Exclusive' }).count()).toBe(0);
    await p.getByRole('checkbox', { name: 'Health', exact: true }).check();
    await p.getByRole('checkbox', { name: 'LeadConnect', exact: true }).uncheck();
    await expect.poll(() => funds.getByRole('checkbox', { name: 'Health Exclusive' }).count()).toBe(0);
    await p.getByRole('checkbox', { name: 'LeadConnect', exact: true }).check();
    await funds.getByRole('checkbox', { name: 'Health Exclusive' }).check();
    await expectAxeClean(p);
    await next(p);

    // Select Regions: every snackbar of the picker.
    await expectStep(p, 'Select Regions');
    await dismissSnacks(p);
    await next(p);
    await expectSnack(p, REGION_MESSAGES.fundRequired);
    // States only: Select All, Clear all, one state.
    await p.getByRole('switch', { name: 'States only' }).check();
    await p.getByRole('button', { name: 'Select All' }).click();
    await p.getByText('States (51 selected)').waitFor();
    await p.getByRole('button', { name: 'Clear all' }).click();
    await expectSnack(p, REGION_MESSAGES.statesCleared);
    await p.getByRole('checkbox', { name: 'Illinois' }).check();
    await expectSnack(p, REGION_MESSAGES.stateAdded('Illinois'));
    // Zip mode: the Zip Code tab.
    await p.getByRole('switch', { name: 'States only' }).uncheck();
    await p.getByRole('tab', { name: 'Zip Code' }).click();
    const zip = p.getByRole('textbox', { name: 'Zip Code or SCF' });
    await zip.fill('60a60-1');
    expect(await zip.inputValue()).toBe('60601');
    await zip.fill('6060');
    expect(await p.getByRole('button', { name: 'Add Zip' }).isDisabled()).toBe(true);
    await zip.fill('60601');
    await p.getByRole('button', { name: 'Add Zip' }).click();
    await expectSnack(p, REGION_MESSAGES.zipAdded('60601'));
    await p.getByRole('button', { name: 'Clear all' }).click();
    await expectSnack(p, REGION_MESSAGES.zipsCleared);
    // The first add's snack is still up: only a fresh one says this add finished.
    await dismissSnacks(p);
    await zip.fill('60601');
    await p.getByRole('button', { name: 'Add Zip' }).click();
    await expectSnack(p, REGION_MESSAGES.zipAdded('60601'));
    await zip.fill('60601');
    await p.getByRole('button', { name: 'Add Zip' }).click();
    await expectSnack(p, REGION_MESSAGES.duplicateZip);
    await zip.fill('00000');
    await p.getByRole('button', { name: 'Add Zip' }).click();
    await expectSnack(p, REGION_MESSAGES.invalidZip);
    await pick(p, p, 'Within state (optional)', 'Texas');
    await zip.fill('60602');
    await p.getByRole('button', { name: 'Add Zip' }).click();
    await expectSnack(p, REGION_MESSAGES.zipNotInState);
    await pick(p, p, 'Within state (optional)', 'Illinois');
    await zip.fill('606');
    await p.getByRole('button', { name: 'Add Zip' }).click();
    const area = p.getByRole('list', { name: 'Selected zip codes' }).getByText(/^Area 606 \(\d+\)$/);
    await area.waitFor();
    const scfCount = Number((await area.innerText()).match(/\((\d+)\)/)![1]);
    await expectSnack(p, REGION_MESSAGES.scfAdded('606', scfCount));
    // Radius: a 5-digit zip is needed; 5 to 50 miles.
    await p.getByRole('tab', { name: 'Radius' }).click();
    await p.getByRole('button', { name: 'Add Radius' }).click();
    await expectSnack(p, REGION_MESSAGES.radiusNeedsZip);
    await fill(p, 'Center Zip Code', '46204');
    await pick(p, p, 'Radius (miles)', '10 miles');
    await p.getByRole('button', { name: 'Add Radius' }).click();
    const radius = p.getByRole('list', { name: 'Selected zip codes' }).getByText(/^10 miles of 46204 \(\d+\)$/);
    await radius.waitFor();
    const radiusCount = Number((await radius.innerText()).match(/\((\d+)\)/)![1]);
    await expectSnack(p, REGION_MESSAGES.radiusAdded('46204', 10, radiusCount));
    // City & County: searched from 3 characters.
    await p.getByRole('tab', { name: 'City & County' }).click();
    await pick(p, p, 'State to search', 'Wisconsin');
    const city = p.getByRole('textbox', { name: 'City name' }).or(p.getByRole('combobox', { name: 'City name' })).first();
    await city.fill('Ma');
    expect(await p.getByRole('option').count()).toBe(0);
    await city.fill('Madis');
    await p.getByRole('option', { name: 'Madison', exact: true }).click();
    await p.getByRole('button', { name: 'Add City' }).click();
    await expectSnack(p, REGION_MESSAGES.stateAdded('Madison, WI'));
    const madison = p.getByRole('list', { name: 'Selected zip codes' }).getByText(/^Madison, WI \(\d+\)$/);
    await madison.waitFor();
    const madisonCount = Number((await madison.innerText()).match(/\((\d+)\)/)![1]);
    await expectAxeClean(p);
    await next(p);

    // Lead Frequency: at least one; later periods not below earlier ones; digits only. The snackbar
    // gives the step's summary, the fields the detailed messages.
    await expectStep(p, 'Lead Frequency');
    await dismissSnacks(p);
    await next(p);
    await expectSnack(p, FREQUENCY_MESSAGES.summary);
    await p.getByText(FREQUENCY_MESSAGES.fundRequired, { exact: true }).waitFor();
    await fill(p, 'Hourly limit', '1x0');
    expect(await p.getByRole('textbox', { name: 'Hourly limit' }).inputValue()).toBe('10');
    await fill(p, 'Daily limit', '5');
    await dismissSnacks(p);
    await next(p);
    await expectSnack(p, FREQUENCY_MESSAGES.summary);
    await p.getByText(FREQUENCY_MESSAGES.fundOrder('daily', 5), { exact: true }).waitFor();
    await fill(p, 'Daily limit', '40');
    await fill(p, 'Weekly limit', '30');
    await dismissSnacks(p);
    await next(p);
    await expectSnack(p, FREQUENCY_MESSAGES.summary);
    await p.getByText(FREQUENCY_MESSAGES.fundOrder('weekly', 30), { exact: true }).waitFor();
    await fill(p, 'Weekly limit', '200');
    await fill(p, 'Monthly limit', '150');
    await dismissSnacks(p);
    await next(p);
    await expectSnack(p, FREQUENCY_MESSAGES.summary);
    await p.getByText(FREQUENCY_MESSAGES.fundOrder('monthly', 150), { exact: true }).waitFor();
    await fill(p, 'Monthly limit', '2500');
    await next(p);

    // Lead Distribution: the owner at 100%, agents of the downline added, whole percentages totalling 100.
    await expectStep(p, 'Lead Distribution');
    await dismissSnacks(p);
    const owner = p.getByRole('textbox', { name: `Percentage for ${SPONSOR.first} ${SPONSOR.last}` });
    expect(await owner.inputValue()).toBe('100');
    // The agent writing their own order is marked '(you)' (issue 19, item 9: only they are).
    await p.getByText(`${SPONSOR.first} ${SPONSOR.last} (you)`, { exact: true }).waitFor();
    const addAgent = p.getByRole('textbox', { name: 'Add agent' }).or(p.getByRole('combobox', { name: 'Add agent' })).first();
    await addAgent.fill('ZZ999999');
    await p.getByRole('button', { name: 'Add', exact: true }).click();
    await expectSnack(p, DISTRIBUTION_MESSAGES.notFound);
    await addAgent.fill(SPONSOR.id);
    await p.getByRole('button', { name: 'Add', exact: true }).click();
    await expectSnack(p, DISTRIBUTION_MESSAGES.alreadyIn);
    await p.getByRole('switch', { name: 'Show Direct Reports Only' }).check();
    await addAgent.fill('Carlos');
    await p.getByRole('option', { name: `${CAPTIVE.first} ${CAPTIVE.last} (${CAPTIVE.id})` }).click();
    await p.getByRole('button', { name: 'Add', exact: true }).click();
    const share = p.getByRole('textbox', { name: `Percentage for ${CAPTIVE.first} ${CAPTIVE.last}` });
    await share.fill('25');
    await next(p);
    await expectSnack(p, DISTRIBUTION_MESSAGES.fundTotal);
    await owner.fill('1500');
    expect(await owner.inputValue()).toBe('150');
    await next(p);
    await expectSnack(p, DISTRIBUTION_MESSAGES.wholeNumber);
    await owner.fill('75');
    await p.getByText('Total: 100%').waitFor();
    await expectAxeClean(p);
    await next(p);

    // Order Schedule: a day and a time span per slot, at least one slot; the preview calendar.
    await expectStep(p, 'Order Schedule');
    await dismissSnacks(p);
    const slot1 = p.getByRole('group', { name: 'Time slot 1', exact: true });
    for (const day of ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']) await toggleDay(slot1, day);
    expect(await slot1.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await next(p);
    await expectSnack(p, SCHEDULE_MESSAGES.fundTimeRequired);
    await toggleDay(slot1, 'MON');
    await pick(slot1, p, 'Start time', '5:00 PM');
    await pick(slot1, p, 'End time', '9:00 AM');
    await next(p);
    await expectSnack(p, SCHEDULE_MESSAGES.fundInvalidTimes);
    await p.getByRole('button', { name: 'Remove time slot 1' }).click();
    await next(p);
    await expectSnack(p, SCHEDULE_MESSAGES.fundSlotRequired);
    await p.getByRole('button', { name: 'Add time slot' }).click();
    const slot = p.getByRole('group', { name: 'Time slot 1', exact: true });
    await pick(slot, p, 'Start time', '9:00 AM');
    await pick(slot, p, 'End time', '5:30 PM');
    await toggleDay(slot, 'SAT');
    await toggleDay(slot, 'SUN');
    const calendar = p.getByRole('group', { name: 'Schedule preview' });
    await calendar.locator('[data-day="Monday"] [data-received]').first().waitFor();
    expect(await calendar.locator('[data-day="Sunday"] [data-received]').count()).toBe(0);
    await p.getByText(ORDER_WIZARD_TEXTS.scheduleNote).waitFor();
    await expectAxeClean(p);
    await next(p);

    // Review: the summary with an Edit link per section; Submit asks for the conditions.
    await expectStep(p, 'Review Order');
    const review = p.getByRole('region', { name: 'Lead Frequency' });
    await review.getByText('Hourly 10 · Daily 40 · Weekly 200 · Monthly 1000').waitFor();
    await p.getByRole('region', { name: 'Select Funds' }).getByText('Health Exclusive').waitFor();
    await p.getByRole('region', { name: 'Lead Distribution' }).getByText(`${CAPTIVE.first} ${CAPTIVE.last}: 25%`).waitFor();
    // Select Regions names each entry (issue 19, item 8): the typed zip, then every other group with its count.
    const regionEntries = p.getByRole('region', { name: 'Select Regions' }).getByRole('list', { name: 'Regions' }).getByRole('listitem');
    await regionEntries.first().waitFor();
    expect(await regionEntries.allInnerTexts()).toEqual([
      '60601',
      `Area 606 (${scfCount} zip codes)`,
      `10 miles of 46204 (${radiusCount} zip codes)`,
      `Madison, WI (${madisonCount} zip codes)`,
    ]);
    await p.getByRole('button', { name: 'Edit Lead Frequency' }).click();
    await expectStep(p, 'Lead Frequency');
    await header(p, 'Review Order').click();
    await expectStep(p, 'Review Order');
    // The fill-rate preview (issue 12): an estimate with its basis, or the plain no-history sentence.
    await p.getByRole('region', { name: FILL_RATE_TEXTS.title }).getByText(/leads\/week: |no history to estimate from/).waitFor();
    await expectAxeClean(p);
    await p.getByRole('button', { name: 'Submit' }).click();
    const agreement = p.getByRole('dialog', { name: 'Terms and conditions' });
    for (const condition of ORDER_CONDITIONS) await agreement.getByText(condition).waitFor();
    await expectAxeClean(p);
    await agreement.getByRole('button', { name: 'Agree & Save' }).click();
    await p.waitForURL(/\/fundorders/);
    await p.getByText(name).first().waitFor();

    const saved = await orderNamed(p, SPONSOR.id, name);
    expect(saved).toMatchObject({ IsFundOrder: true, Status: 1, StatesOnly: false, MaxPerHour: 10, MaxPerDay: 40, MaxPerWeek: 200, MaxPerMonth: 1000, SelectedFunds: [expect.any(String)] });
    expect(saved.Funds.map((f) => f.Name)).toEqual(['Health Exclusive']);
    expect(saved.OrderRecipients.map((r) => [r.AgentId, r.Percentage]).sort()).toEqual([[SPONSOR.id, 75], [CAPTIVE.id, 25]].sort());
    expect(saved.OrderTimeSlots.map(({ StartSlot, EndSlot, Days }) => ({ StartSlot, EndSlot, Days }))).toEqual([
      { StartSlot: 18, EndSlot: 35, Days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] },
    ]);
    // 60601 typed, the rest of SCF 606, 10 miles around 46204 and Madison, WI: no zip twice.
    expect(saved.ZipCodeCount).toBe(1 + scfCount + radiusCount + madisonCount);

    // Edit: every step prefilled; leaving asks first, before any change too (part 2 §2: "Leaving the
    // page prompts", unlike the campaign flow's "with unsaved changes"); Review opens at once.
    await navigateInApp(p, `/fundOrder/${saved.OrderId}`);
    await p.getByRole('heading', { name: `Edit order for ${SPONSOR.first} ${SPONSOR.last}`, level: 1 }).waitFor();
    expect(await p.getByRole('textbox', { name: 'Order Name' }).inputValue()).toBe(name);
    const home = p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' });
    const leave = p.getByRole('dialog', { name: 'Leave this page?' });
    await home.click();
    await leave.getByText(ORDER_WIZARD_TEXTS.fundLeavePrompt).waitFor();
    await leave.getByRole('button', { name: 'No' }).click();
    await leave.waitFor({ state: 'hidden' });
    await fill(p, 'Order Name', `${name} edited`);
    await home.click();
    await leave.getByText(ORDER_WIZARD_TEXTS.fundLeavePrompt).waitFor();
    await expectAxeClean(p);
    await leave.getByRole('button', { name: 'No' }).click();
    await expect.poll(() => new URL(p.url()).pathname).toBe(`/fundOrder/${saved.OrderId}`);
    await header(p, 'Select Regions').click();
    await p.getByRole('list', { name: 'Selected zip codes' }).getByText(/^Area 606 \(\d+\)$/).waitFor();
    await header(p, 'Lead Distribution').click();
    expect(await p.getByRole('textbox', { name: `Percentage for ${CAPTIVE.first} ${CAPTIVE.last}` }).inputValue()).toBe('25');
    await header(p, 'Review Order').click();
    await expectStep(p, 'Review Order');
    await p.getByRole('button', { name: 'Submit' }).click();
    await p.getByRole('dialog', { name: 'Terms and conditions' }).getByRole('button', { name: 'Agree & Save' }).click();
    await p.waitForURL(/\/fundorders/);
    const edited = await orderNamed(p, SPONSOR.id, `${name} edited`);
    expect(edited.OrderId).toBe(saved.OrderId);
    await screenshot(p, 'fund-order-saved');

    // The seed's orders that share leads with a terminated agent, or with one who left the downline,
    // cannot be saved so: the distribution step says why.
    const seeded = await ordersOf(p, SPONSOR.id);
    for (const [order, message] of [
      ['Shared With A Former Agent', DISTRIBUTION_MESSAGES.fundTerminated],
      ['Shared Outside The Team', DISTRIBUTION_MESSAGES.notFound],
    ] as const) {
      const found = seeded.find((o) => o.Description === order);
      expect(found, order).toBeDefined();
      await navigateInApp(p, `/fundOrder/${found!.OrderId}`);
      await p.getByRole('heading', { name: `Edit order for ${SPONSOR.first} ${SPONSOR.last}`, level: 1 }).waitFor();
      await header(p, 'Lead Distribution').click();
      await expectStep(p, 'Lead Distribution');
      await dismissSnacks(p);
      await next(p);
      await expectSnack(p, message);
      await header(p, 'Review Order').click();
      await expectSnack(p, ORDER_WIZARD_TEXTS.allStepsRequired);
    }
  });

  it('lets an admin write a fund order for an agent on the admin route and returns to that agent’s fund orders', { timeout: 300_000 }, async () => {
    const p = await signInAs('admin');
    await p.setViewportSize(DESKTOP);
    const name = `Admin fund order ${Date.now() % 100000}`;
    const adminList = `/viewFundOrders/${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}`;

    // A missing order on the admin route goes back to the agent's fund orders.
    await navigateInApp(p, `/fundOrder/no-such-order/${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}`);
    await p.waitForURL((u) => u.pathname === adminList);

    await navigateInApp(p, `/fundOrder/new/${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}`);
    await p.getByRole('heading', { name: 'New Fund Order', level: 1 }).waitFor();
    await p.getByRole('note').getByText(`You are creating a fund order for ${CAPTIVE.first} ${CAPTIVE.last} (${CAPTIVE.id}).`, { exact: false }).waitFor();
    await expectAxeClean(p);
    await fill(p, 'Order Name', name);
    await next(p);

    // Staff see every fund, a switched-off one too, which must go before Next.
    await expectStep(p, 'Select Funds');
    const funds = p.getByRole('group', { name: 'Funds' });
    await funds.getByRole('checkbox', { name: 'Dental Add-on' }).check();
    await funds.getByRole('checkbox', { name: 'Medicare Shared' }).check();
    await next(p);
    await expectSnack(p, FUND_STEP_MESSAGES.inactive);
    await p.getByRole('list', { name: 'Selected funds' }).getByRole('button', { name: 'Remove Dental Add-on' }).click();
    await next(p);

    // Every state first, for Review's first five and '+46 more'; the order itself goes to Ohio alone.
    await expectStep(p, 'Select Regions');
    await p.getByRole('switch', { name: 'States only' }).check();
    await p.getByRole('button', { name: 'Select All' }).click();
    await p.getByText('States (51 selected)').waitFor();
    await next(p);
    await expectStep(p, 'Lead Frequency');
    await fill(p, 'Daily limit', '3');
    await next(p);
    await expectStep(p, 'Lead Distribution');
    expect(await p.getByRole('textbox', { name: `Percentage for ${CAPTIVE.first} ${CAPTIVE.last}` }).inputValue()).toBe('100');
    // The agent the admin writes for is not the admin: no '(you)' beside them (issue 19, item 9).
    await p.getByText(`${CAPTIVE.first} ${CAPTIVE.last}`, { exact: true }).waitFor();
    expect(await p.getByText('(you)').count()).toBe(0);
    await next(p);
    await expectStep(p, 'Order Schedule');
    await next(p);
    await expectStep(p, 'Review Order');
    // The default all-day slot ends as the calendar shows it, not at the next midnight (issue 19, item 8).
    const schedule = p.getByRole('region', { name: 'Order Schedule' });
    await schedule.getByText('12:00 AM to 11:59:59 PM: MON TUE WED THU FRI SAT SUN', { exact: true }).waitFor();
    expect(await schedule.innerText()).not.toContain('12:00 AM to 12:00 AM');
    // Select Regions lists the states, five at first and the rest behind '+46 more' (issue 19, item 8).
    const regions = p.getByRole('region', { name: 'Select Regions' });
    await regions.getByText(/^States: [^,]+(, [^,]+){4}$/).waitFor();
    await regions.getByRole('button', { name: '+46 more' }).click();
    await regions.getByText(/^States: [^,]+(, [^,]+){50}$/).waitFor();
    await regions.getByRole('button', { name: 'Show fewer' }).waitFor();
    await p.getByRole('button', { name: 'Edit Select Regions' }).click();
    await expectStep(p, 'Select Regions');
    await p.getByRole('button', { name: 'Clear all' }).click();
    await p.getByRole('checkbox', { name: 'Ohio' }).check();
    await header(p, 'Review Order').click();
    await expectStep(p, 'Review Order');
    await regions.getByText('States: Ohio', { exact: true }).waitFor();
    expect(await regions.getByRole('button', { name: /more$/ }).count()).toBe(0);
    await p.getByRole('button', { name: 'Submit' }).click();
    await p.getByRole('dialog', { name: 'Terms and conditions' }).getByRole('button', { name: 'Agree & Save' }).click();
    await p.waitForURL((u) => u.pathname === adminList);

    const saved = await orderNamed(p, CAPTIVE.id, name);
    expect(saved).toMatchObject({ AgentId: CAPTIVE.id, StatesOnly: true, StateCount: 1, MaxPerDay: 3 });
    expect(saved.Funds.map((f) => f.Name)).toEqual(['Medicare Shared']);
    expect(saved.OrderRecipients.map((r) => [r.AgentId, r.Percentage])).toEqual([[CAPTIVE.id, 100]]);

    // The admin edit starts in states-only mode with the order's states.
    await navigateInApp(p, `/fundOrder/${saved.OrderId}/${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}`);
    await p.getByRole('note').getByText('You are editing a fund order', { exact: false }).waitFor();
    await header(p, 'Select Regions').click();
    expect(await p.getByRole('switch', { name: 'States only' }).isChecked()).toBe(true);
    expect(await p.getByRole('checkbox', { name: 'Ohio' }).isChecked()).toBe(true);
    await expectAxeClean(p);

    // Someone else saves the order meanwhile: this save is stale, stays on the wizard and says so.
    const other = await p.context().newPage();
    await other.setViewportSize(DESKTOP);
    await other.goto(`${url}/fundOrder/${saved.OrderId}/${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}?step=1`, { timeout: 90_000 });
    await other.getByRole('textbox', { name: 'Order Name' }).fill(`${name} (tab 2)`);
    await header(other, 'Review Order').click();
    await other.getByRole('button', { name: 'Submit' }).click();
    await other.getByRole('dialog', { name: 'Terms and conditions' }).getByRole('button', { name: 'Agree & Save' }).click();
    await other.waitForURL((u) => u.pathname === adminList);
    await other.close();
    await header(p, 'Review Order').click();
    await p.getByRole('button', { name: 'Submit' }).click();
    const agreement = p.getByRole('dialog', { name: 'Terms and conditions' });
    await agreement.getByRole('button', { name: 'Agree & Save' }).click();
    await expectSnack(p, ORDER_WIZARD_TEXTS.stale);
    // Only the saving state ends: the button can be pressed again.
    await expect.poll(() => agreement.getByRole('button', { name: 'Agree & Save' }).isEnabled()).toBe(true);
    expect(new URL(p.url()).pathname).toBe(`/fundOrder/${saved.OrderId}/${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}`);
  });

  it('names an order’s fund that was switched off since by its name, not its id, in the agent’s edit', { timeout: 180_000 }, async () => {
    const run = `${Date.now() % 1_000_000}`;
    const fundName = `E2E Switched Off ${run}`;
    const orderId = `e2e-off-fund-${run}`;
    const post = (p: Page, path: string, data: unknown) => p.request.post(`${url}/api/${path}`, { headers: { origin: url }, data });
    const patch = (p: Page, path: string, data?: unknown) => p.request.patch(`${url}/api/${path}`, { headers: { origin: url }, ...(data ? { data } : {}) });

    // The admin makes a fund for the broker alone, receiving leads from today (asked again should the
    // company's day turn between reading it and the save).
    let p = await signInAs('admin');
    let created = await post(p, 'fund', fundBody(fundName, run));
    if (created.status() === 400) created = await post(p, 'fund', fundBody(fundName, run));
    expect(created.status(), await created.text()).toBe(200);
    const fund = (await created.json()) as { FundId: string; Revision: number };
    await p.close();

    // The broker orders from it and pauses the order, so it buys nothing meanwhile.
    p = await signInAs('broker');
    const saved = await post(p, `agent/${BROKER.id}/fundOrders`, {
      OrderId: orderId, Description: `Switched-off fund ${run}`, SelectedFunds: [fund.FundId], StatesOnly: true, States: [{ StateAbbreviation: 'VT' }], ZipCodes: [],
      MaxPerHour: 0, MaxPerDay: 1, MaxPerWeek: 0, MaxPerMonth: 0, OrderRecipients: [{ AgentId: BROKER.id, Percentage: 100 }],
      OrderTimeSlots: [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS] }],
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
    expect((await patch(p, `agent/${BROKER.id}/orders/${orderId}/status/0`)).status()).toBeLessThan(300);
    await p.close();

    // The admin switches the fund off: it leaves the broker's list of funds.
    p = await signInAs('admin');
    expect((await patch(p, `fund/disable/${fund.FundId}`, { Revision: fund.Revision })).status()).toBe(200);
    await p.close();

    p = await signInAs('broker');
    try {
      await p.setViewportSize(DESKTOP);
      await navigateInApp(p, `/fundOrder/${orderId}`);
      await p.getByRole('heading', { name: `Edit order for ${BROKER.first} ${BROKER.last}`, level: 1 }).waitFor();
      await header(p, 'Select Funds').click();
      await expectStep(p, 'Select Funds');
      const selected = p.getByRole('list', { name: 'Selected funds' });
      await selected.getByText(`${fundName} (inactive)`, { exact: true }).waitFor();
      expect(await selected.innerText()).not.toContain(fund.FundId);
      await selected.getByRole('button', { name: `Remove ${fundName}` }).waitFor();
      await next(p);
      await expectSnack(p, FUND_STEP_MESSAGES.inactive);
    } finally {
      await patch(p, `agent/${BROKER.id}/orders/${orderId}/status/2`).catch(() => undefined);
    }
  });

  it('refuses managers and support a new order or an edit for an agent, and the own wizard to staff and sales assistants, before the wizard opens', { timeout: 120_000 }, async () => {
    const agent = `${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}`;
    for (const role of ['manager', 'support']) {
      const p = await signInAs(role);
      await p.setViewportSize(DESKTOP);
      // The flag that shows them New Fund Order (2§2) lets them create fund orders, and only those.
      const flags = (await (await p.request.get(`${url}/api/featureflags`)).json()) as { newFundOrderForStaff: boolean };
      const refused = [`/fundOrder/any-order/${agent}`, `/order/new/${agent}`, `/order/edit/any-order/${agent}`];
      if (!flags.newFundOrderForStaff) refused.unshift(`/fundOrder/new/${agent}`);
      for (const path of refused) {
        await navigateInApp(p, path);
        const refusal = p.getByTestId('not-allowed');
        await refusal.getByText('Not allowed to view this resource.', { exact: true }).waitFor();
        expect(await refusal.getByRole('listitem').allTextContents(), `${role} on ${path}`).toEqual(['admin']);
        expect(await p.getByRole('navigation', { name: 'Order steps' }).count(), `${role} on ${path}`).toBe(0);
        await expectAxeClean(p);
        // Home in between, so the next refusal is the next page's own.
        await navigateInApp(p, '/');
        await p.getByTestId('welcome-card').waitFor();
      }
      // The agent's own wizard: managers lack its permissions (the shell's test); support has them, but
      // the wizard saves to the user's own agent account, and staff have none.
      await navigateInApp(p, '/fundOrder/new');
      const own = p.getByTestId('not-allowed');
      if (role === 'support') await own.getByText('No agent account is linked to this user.', { exact: true }).waitFor();
      else await own.getByText('Not allowed to view this resource.', { exact: true }).waitFor();
      expect(await p.getByRole('navigation', { name: 'Order steps' }).count(), role).toBe(0);
    }
    // A sales assistant reads the agent's fund orders but saves none: the wizard does not open either.
    const assistant = await signInAs('assistant');
    await assistant.setViewportSize(DESKTOP);
    await navigateInApp(assistant, '/fundOrder/new');
    const refusal = assistant.getByTestId('not-allowed');
    await refusal.getByText('Not allowed to view this resource.', { exact: true }).waitFor();
    expect(await refusal.getByRole('listitem').allTextContents()).toEqual(['CAN_CREATE_ORDERS']);
    expect(await assistant.getByRole('navigation', { name: 'Order steps' }).count()).toBe(0);
  });

  it('fits a 390 px phone on every step', { timeout: 180_000 }, async () => {
    const p = await signInAs('sponsor');
    await p.setViewportSize(PHONE);
    await navigateInApp(p, '/fundOrder/new');
    await expectStep(p, 'Order Name');
    await expectNothingOverflows(p);
    await fill(p, 'Order Name', 'Phone order');
    for (const title of ['Select Funds', 'Select Regions', 'Lead Frequency', 'Lead Distribution', 'Order Schedule']) {
      await header(p, title).click();
      await stepHeading(p, title).waitFor();
      await expectNothingOverflows(p);
    }
    await screenshot(p, 'fund-order-phone');
  });
});
