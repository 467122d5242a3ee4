// The older campaign order wizard (spec part 2 §2, §4, §5, §8) as an agent and as an admin walk it. The
// sponsor opens Create an Order from My Orders: steps open one by one as they are visited, each
// campaign-flow message of §5 shows (name, lead type, vendor, state and zip, frequency in the campaign
// wording, the total, the schedule's), a removed campaign loses its vendors, an invalid distribution
// puts a warning on its step and closes Schedule and Review, and Confirm & Save ends in 'Order saved
// successfully' whose Close goes to My Orders. Reset asks first; leaving asks about unsaved changes; the
// edit is titled for the agent and a stale edit ends in 'Unable to save order'. An admin writes an
// order for the captive agent (banner, distribution read-only) and lands on that agent's orders. axe on
// the way; nothing wider than a 390 px phone.
import { describe, expect, it } from 'vitest';
import { NAME_MESSAGES } from '#shared/orders/step-name.ts';
import { FUND_STEP_MESSAGES } from '#shared/orders/step-funds.ts';
import { REGION_MESSAGES } from '#shared/orders/step-regions.ts';
import { FREQUENCY_MESSAGES } from '#shared/orders/step-frequency.ts';
import { DISTRIBUTION_MESSAGES } from '#shared/orders/step-distribution.ts';
import { SCHEDULE_MESSAGES } from '#shared/orders/step-schedule.ts';
import { ORDER_WIZARD_TEXTS } from '#shared/orders/order.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { DESKTOP, dismissSnacks, expectAxeClean, expectSnack, expectStep, fill, header, next, orderNamed, pick, stepHeading, toggleDay } from './order-wizard-steps.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const SPONSOR = { id: 'A000001', first: 'Sofia', last: 'Sponsor' };
const CAPTIVE = { id: 'A000002', first: 'Carlos', last: 'Captive' };
const CAMPAIGN = 'Health Web Leads';

describe('the campaign order wizard', () => {
  it('walks an agent through every step and message to a saved order, with reset, leave prompt and edit', { timeout: 420_000 }, async () => {
    const p = await signInAs('sponsor');
    await p.setViewportSize(DESKTOP);
    const name = `Walked campaign order ${Date.now() % 100000}`;

    await navigateInApp(p, '/orders');
    await p.getByRole('link', { name: 'Create an Order' }).or(p.getByRole('button', { name: 'Create an Order' })).first().click();
    await p.waitForURL(/\/order\/new/);
    await p.getByRole('heading', { name: 'New Order', level: 1 }).waitFor();
    await expectStep(p, 'Order Name');
    // Steps beyond the next are closed until the one before them is visited.
    expect(await header(p, 'Campaign Selection').isDisabled()).toBe(false);
    for (const title of ['Vendor Selection', 'Select Regions', 'Order Schedule', 'Review Order']) expect(await header(p, title).isDisabled()).toBe(true);
    await expectAxeClean(p);

    // Order Name: required; what is typed is cut at 50 characters.
    await next(p);
    await expectSnack(p, NAME_MESSAGES.required);
    await fill(p, 'Order Name', 'x'.repeat(60));
    expect((await p.getByRole('textbox', { name: 'Order Name' }).inputValue()).length).toBe(50);
    await fill(p, 'Order Name', name);
    await next(p);

    // Campaign Selection and Vendor Selection; removing a campaign removes its vendor choices.
    await expectStep(p, 'Campaign Selection');
    expect(await header(p, 'Vendor Selection').isDisabled()).toBe(false);
    await next(p);
    await expectSnack(p, FUND_STEP_MESSAGES.leadTypeRequired);
    await p.getByRole('checkbox', { name: CAMPAIGN }).check();
    await next(p);
    await expectStep(p, 'Vendor Selection');
    await next(p);
    await expectSnack(p, FUND_STEP_MESSAGES.vendorRequired);
    const vendors = p.getByRole('group', { name: CAMPAIGN });
    const vendor = vendors.getByRole('checkbox').first();
    const vendorName = (await vendors.locator('label').first().innerText()).trim();
    await vendor.check();
    await header(p, 'Campaign Selection').click();
    await p.getByRole('checkbox', { name: CAMPAIGN }).uncheck();
    await p.getByRole('checkbox', { name: CAMPAIGN }).check();
    await header(p, 'Vendor Selection').click();
    expect(await p.getByRole('group', { name: CAMPAIGN }).getByRole('checkbox').first().isChecked()).toBe(false);
    await p.getByRole('group', { name: CAMPAIGN }).getByRole('checkbox', { name: vendorName }).check();
    await expectAxeClean(p);
    await next(p);

    // Select Regions: the campaign flow's two messages.
    await expectStep(p, 'Select Regions');
    await dismissSnacks(p);
    await p.getByRole('switch', { name: 'States only' }).check();
    await next(p);
    await expectSnack(p, REGION_MESSAGES.campaignStateRequired);
    await p.getByRole('switch', { name: 'States only' }).uncheck();
    await next(p);
    await expectSnack(p, REGION_MESSAGES.campaignZipRequired);
    await p.getByRole('tab', { name: 'Zip Code' }).click();
    await fill(p, 'Zip Code or SCF', '60601');
    await p.getByRole('button', { name: 'Add Zip' }).click();
    await expectSnack(p, REGION_MESSAGES.zipAdded('60601'));
    await next(p);

    // Lead Frequency in the campaign wording: each later period against each earlier one.
    await expectStep(p, 'Lead Frequency');
    await dismissSnacks(p);
    await next(p);
    await expectSnack(p, FREQUENCY_MESSAGES.campaignRequired);
    await fill(p, 'Hourly limit', '9');
    await fill(p, 'Daily limit', '5');
    await fill(p, 'Weekly limit', '4');
    await fill(p, 'Monthly limit', '3');
    await next(p);
    await expectSnack(p, FREQUENCY_MESSAGES.campaignOrder('daily', 5, 'hourly', 9));
    await expectSnack(p, FREQUENCY_MESSAGES.campaignOrder('weekly', 4, 'hourly', 9));
    await expectSnack(p, FREQUENCY_MESSAGES.campaignOrder('weekly', 4, 'daily', 5));
    await expectSnack(p, FREQUENCY_MESSAGES.campaignOrder('monthly', 3, 'weekly', 4));
    await fill(p, 'Hourly limit', '');
    await fill(p, 'Weekly limit', '20');
    await fill(p, 'Monthly limit', '123456');
    expect(await p.getByRole('textbox', { name: 'Monthly limit' }).inputValue()).toBe('1234');
    await next(p);

    // Lead Distribution: an invalid total warns on the step and closes Schedule and Review.
    await expectStep(p, 'Lead Distribution');
    await dismissSnacks(p);
    const addAgent = p.getByRole('textbox', { name: 'Add agent' }).or(p.getByRole('combobox', { name: 'Add agent' })).first();
    await addAgent.fill('Carlos');
    await p.getByRole('option', { name: `${CAPTIVE.first} ${CAPTIVE.last} (${CAPTIVE.id})` }).click();
    await p.getByRole('button', { name: 'Add', exact: true }).click();
    const owner = p.getByRole('textbox', { name: `Percentage for ${SPONSOR.first} ${SPONSOR.last}` });
    await owner.fill('50');
    await header(p, 'Lead Distribution').getByText('Invalid distribution').waitFor();
    expect(await header(p, 'Order Schedule').isDisabled()).toBe(true);
    expect(await header(p, 'Review Order').isDisabled()).toBe(true);
    await next(p);
    await expectSnack(p, DISTRIBUTION_MESSAGES.campaignTotal(50));
    await owner.fill('80');
    await p.getByRole('textbox', { name: `Percentage for ${CAPTIVE.first} ${CAPTIVE.last}` }).fill('20');
    await expect.poll(() => header(p, 'Lead Distribution').getByText('Invalid distribution').count()).toBe(0);
    await expectAxeClean(p);
    await next(p);

    // Order Schedule: the campaign flow's messages; the last slot cannot be removed.
    await expectStep(p, 'Order Schedule');
    await dismissSnacks(p);
    const slot = p.getByRole('group', { name: 'Time slot 1', exact: true });
    expect(await p.getByRole('button', { name: 'Remove time slot 1' }).count()).toBe(0);
    for (const day of ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']) await toggleDay(slot, day);
    await next(p);
    await expectSnack(p, SCHEDULE_MESSAGES.campaignDayRequired);
    for (const day of ['MON', 'WED', 'FRI']) await toggleDay(slot, day);
    await pick(slot, p, 'Start time', '5:00 PM');
    await pick(slot, p, 'End time', '9:00 AM');
    await next(p);
    await expectSnack(p, SCHEDULE_MESSAGES.campaignEndAfterStart);
    // Mantine's clear buttons are pointer-only (aria-hidden): clicked by their label.
    await p.locator('button[aria-label="Clear start time of slot 1"]').click();
    await p.locator('button[aria-label="Clear end time of slot 1"]').click();
    await next(p);
    await expectSnack(p, SCHEDULE_MESSAGES.campaignStartRequired);
    await expectSnack(p, SCHEDULE_MESSAGES.campaignEndRequired);
    await pick(slot, p, 'Start time', '8:00 AM');
    await pick(slot, p, 'End time', '6:00 PM');
    await p.getByRole('button', { name: 'Add time slot' }).click();
    await p.getByRole('button', { name: 'Remove time slot 2' }).click();
    await expectAxeClean(p);
    await next(p);

    // Review: Back and Confirm & Save; the outcome dialog's Close goes to My Orders.
    await expectStep(p, 'Review Order');
    await p.getByRole('region', { name: 'Vendor Selection' }).getByText(`${CAMPAIGN}: ${vendorName}`).waitFor();
    await p.getByRole('region', { name: 'Lead Frequency' }).getByText('Hourly No limit · Daily 5 · Weekly 20 · Monthly 1000').waitFor();
    await p.getByRole('button', { name: 'Back' }).click();
    await expectStep(p, 'Order Schedule');
    await next(p);
    await p.getByRole('button', { name: 'Confirm & Save' }).click();
    await p.getByRole('dialog', { name: 'Terms and conditions' }).getByRole('button', { name: 'Agree & Save' }).click();
    const outcome = p.getByRole('dialog', { name: 'Save order' });
    await outcome.getByText(ORDER_WIZARD_TEXTS.saved).waitFor();
    await expectAxeClean(p);
    await outcome.getByRole('button', { name: 'Close', exact: true }).click();
    await p.waitForURL((u) => u.pathname === '/orders');
    await p.getByText(name).first().waitFor();

    const saved = await orderNamed(p, SPONSOR.id, name);
    expect(saved).toMatchObject({ IsFundOrder: false, Status: 1, MaxPerHour: 0, MaxPerDay: 5, MaxPerWeek: 20, MaxPerMonth: 1000, ZipCodeCount: 1 });
    expect(saved.Campaigns.map((c) => [c.CampaignName, c.Vendors.map((v) => v.VendorName)])).toEqual([[CAMPAIGN, [vendorName]]]);
    expect(saved.OrderRecipients.map((r) => [r.AgentId, r.Percentage]).sort()).toEqual([[SPONSOR.id, 80], [CAPTIVE.id, 20]].sort());
    expect(saved.OrderTimeSlots.map(({ StartSlot, EndSlot, Days }) => ({ StartSlot, EndSlot, Days }))).toEqual([{ StartSlot: 16, EndSlot: 36, Days: ['Monday', 'Wednesday', 'Friday'] }]);

    // Reset asks first, then empties the form.
    await navigateInApp(p, '/order/new');
    await expectStep(p, 'Order Name');
    await fill(p, 'Order Name', 'To be reset');
    await p.getByRole('button', { name: 'Reset' }).click();
    const reset = p.getByRole('dialog', { name: 'Reset order' });
    await reset.getByText(ORDER_WIZARD_TEXTS.resetConfirm).waitFor();
    await reset.getByRole('button', { name: 'Yes' }).click();
    expect(await p.getByRole('textbox', { name: 'Order Name' }).inputValue()).toBe('');

    // Leaving with unsaved changes asks.
    await fill(p, 'Order Name', 'Left behind');
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    const leave = p.getByRole('dialog', { name: 'Leave this page?' });
    await leave.getByText(ORDER_WIZARD_TEXTS.campaignLeavePrompt).waitFor();
    await expectAxeClean(p);
    await leave.getByRole('button', { name: 'Yes' }).click();
    await p.waitForURL((u) => u.pathname === '/');

    // Edit: titled for the agent, every step open and prefilled. A second tab saves first, so this
    // one's save is stale: 'Unable to save order', and Close stays on the form.
    await navigateInApp(p, `/order/edit/${saved.OrderId}`);
    await p.getByRole('heading', { name: `Edit order for ${SPONSOR.first} ${SPONSOR.last}`, level: 1 }).waitFor();
    expect(await p.getByRole('textbox', { name: 'Order Name' }).inputValue()).toBe(name);
    await header(p, 'Vendor Selection').click();
    expect(await p.getByRole('group', { name: CAMPAIGN }).getByRole('checkbox', { name: vendorName }).isChecked()).toBe(true);
    const other = await p.context().newPage();
    await other.setViewportSize(DESKTOP);
    await other.goto(`${url}/order/edit/${saved.OrderId}?step=1`, { timeout: 90_000 });
    await other.getByRole('textbox', { name: 'Order Name' }).fill(`${name} (tab 2)`);
    await header(other, 'Review Order').click();
    await other.getByRole('button', { name: 'Confirm & Save' }).click();
    await other.getByRole('dialog', { name: 'Terms and conditions' }).getByRole('button', { name: 'Agree & Save' }).click();
    await other.getByRole('dialog', { name: 'Save order' }).getByText(ORDER_WIZARD_TEXTS.saved).waitFor();
    await other.close();
    await header(p, 'Review Order').click();
    await p.getByRole('button', { name: 'Confirm & Save' }).click();
    await p.getByRole('dialog', { name: 'Terms and conditions' }).getByRole('button', { name: 'Agree & Save' }).click();
    const failed = p.getByRole('dialog', { name: 'Save order' });
    await failed.getByText(ORDER_WIZARD_TEXTS.saveFailed).waitFor();
    await failed.getByRole('button', { name: 'Close', exact: true }).click();
    await failed.waitFor({ state: 'hidden' });
    expect(new URL(p.url()).pathname).toBe(`/order/edit/${saved.OrderId}`);
    await orderNamed(p, SPONSOR.id, `${name} (tab 2)`);
    await screenshot(p, 'campaign-order-stale');
  });

  it('lets an admin write an order for an agent and returns to that agent’s orders', { timeout: 300_000 }, async () => {
    const p = await signInAs('admin');
    await p.setViewportSize(DESKTOP);
    const name = `Admin campaign order ${Date.now() % 100000}`;
    await navigateInApp(p, `/order/new/${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}`);
    await p.getByRole('heading', { name: `New order for ${CAPTIVE.first} ${CAPTIVE.last}`, level: 1 }).waitFor();
    await p.getByRole('note').getByText(`You are creating an order for ${CAPTIVE.first} ${CAPTIVE.last} (${CAPTIVE.id}).`, { exact: false }).waitFor();
    await expectAxeClean(p);
    await fill(p, 'Order Name', name);
    await next(p);
    await p.getByRole('checkbox', { name: CAMPAIGN }).check();
    await next(p);
    await p.getByRole('group', { name: CAMPAIGN }).getByRole('checkbox').first().check();
    await next(p);
    await p.getByRole('switch', { name: 'States only' }).check();
    await p.getByRole('checkbox', { name: 'New York' }).check();
    await next(p);
    await fill(p, 'Daily limit', '2');
    await next(p);
    // Staff do not read the hierarchy: with the agent alone, a new order's distribution cannot change.
    await expectStep(p, 'Lead Distribution');
    await p.getByText('The distribution of this order cannot be changed.').waitFor();
    expect(await p.getByRole('textbox', { name: `Percentage for ${CAPTIVE.first} ${CAPTIVE.last}` }).isDisabled()).toBe(true);
    await next(p);
    await next(p);
    await expectStep(p, 'Review Order');
    await p.getByRole('button', { name: 'Confirm & Save' }).click();
    await p.getByRole('dialog', { name: 'Terms and conditions' }).getByRole('button', { name: 'Agree & Save' }).click();
    const outcome = p.getByRole('dialog', { name: 'Save order' });
    await outcome.getByText(ORDER_WIZARD_TEXTS.saved).waitFor();
    await outcome.getByRole('button', { name: 'Close', exact: true }).click();
    await p.waitForURL((u) => u.pathname === `/viewOrders/${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}`);

    const saved = await orderNamed(p, CAPTIVE.id, name);
    expect(saved).toMatchObject({ AgentId: CAPTIVE.id, IsFundOrder: false, StatesOnly: true, StateCount: 1, MaxPerDay: 2 });

    await navigateInApp(p, `/order/edit/${saved.OrderId}/${CAPTIVE.id}/${CAPTIVE.first}/${CAPTIVE.last}`);
    await p.getByRole('heading', { name: `Edit order for ${CAPTIVE.first} ${CAPTIVE.last}`, level: 1 }).waitFor();
    await header(p, 'Select Regions').click();
    expect(await p.getByRole('checkbox', { name: 'New York' }).isChecked()).toBe(true);
    await expectAxeClean(p);
  });

  it('keeps a broker’s distribution with the broker (captive-type agents only may edit it)', { timeout: 180_000 }, async () => {
    const p = await signInAs('broker');
    await p.setViewportSize(DESKTOP);
    await navigateInApp(p, '/order/new');
    await expectStep(p, 'Order Name');
    await fill(p, 'Order Name', 'Broker order');
    await next(p);
    await p.getByRole('checkbox', { name: CAMPAIGN }).check();
    await next(p);
    await p.getByRole('group', { name: CAMPAIGN }).getByRole('checkbox').first().check();
    await next(p);
    await p.getByRole('switch', { name: 'States only' }).check();
    await p.getByRole('checkbox', { name: 'Oregon' }).check();
    await next(p);
    await fill(p, 'Daily limit', '4');
    await next(p);
    await expectStep(p, 'Lead Distribution');
    await p.getByText('The distribution of this order cannot be changed.').waitFor();
    expect(await p.getByRole('textbox', { name: /^Percentage for / }).isDisabled()).toBe(true);
    expect(await p.getByRole('combobox', { name: 'Add agent' }).or(p.getByRole('textbox', { name: 'Add agent' })).count()).toBe(0);
    await expectAxeClean(p);
  });

  it('fits a 390 px phone on every step', { timeout: 180_000 }, async () => {
    const p = await signInAs('sponsor');
    await p.setViewportSize(PHONE);
    await navigateInApp(p, '/order/new');
    await expectStep(p, 'Order Name');
    await expectNothingOverflows(p);
    await fill(p, 'Order Name', 'Phone order');
    for (const title of ['Campaign Selection', 'Vendor Selection', 'Select Regions', 'Lead Frequency', 'Lead Distribution', 'Order Schedule']) {
      await header(p, title).click();
      await stepHeading(p, title).waitFor();
      await expectNothingOverflows(p);
    }
    await screenshot(p, 'campaign-order-phone');
  });
});
