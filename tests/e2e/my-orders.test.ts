// My Orders (spec part 2 §2, §4, §6, §9; part 3 §4, §6) as the sponsor agent and as staff walk it. The
// sponsor's fund orders list: the attention banner and card warnings of the seeded flagged orders, the
// count line and newest-first cards against the API, search, 'Load Cancelled/Inactive Orders' and
// Show Cancelled, a card opened with its information, gauges and distribution, the Geos and Schedule
// dialogs, both history dialogs with their filter and CSV, the toggle, Cancel and Activate with their
// confirm texts (the order ends as it started), the list's CSV export and the New Order link; the older
// list without fund orders and its two New buttons; a 390 px phone. The admin's /viewFundOrders and
// /viewOrders under the agent header with the admin edit links; a manager's read-only admin view.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OrderSummaryDto } from '#shared/api/orders.ts';
import { ORDER_CARD_TEXTS, ORDER_WIZARD_TEXTS } from '#shared/orders/order.ts';
import { describeFindings, auditPage } from '../support/axe.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { ARTIFACTS, useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const SPONSOR = { id: 'A000001', first: 'Sofia', last: 'Sponsor' };
const DESKTOP = { width: 1280, height: 900 };

async function ordersOf(p: Page, agentId: string, activeOnly: boolean): Promise<OrderSummaryDto[]> {
  const answer = await p.request.get(`${url}/api/agent/${agentId}/agentOrders/${activeOnly}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as OrderSummaryDto[];
}

const newestFirst = (orders: OrderSummaryDto[]) => [...orders].sort((a, b) => b.Created.localeCompare(a.Created) || b.UserFacingOrderId - a.UserFacingOrderId);
const cards = (p: Page) => p.locator('article[data-order-id]');
const card = (p: Page, name: string) => p.getByRole('article', { name, exact: true });
const cardNames = async (p: Page) => (await cards(p).locator('h2').allTextContents()).map((t) => t.trim());
const countLine = (p: Page) => p.getByTestId('order-count');

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

async function closeDialog(p: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close dialog' }).or(dialog.locator('.mantine-Modal-close')).first().click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Clicks a switch's input itself: its visible track takes the pointer, and a forced click at its
 * place may land on the sticky header when the page is scrolled.
 */
const flip = (control: Locator) => control.dispatchEvent('click');

async function openOption(p: Page, order: Locator, item: string) {
  await order.getByRole('button', { name: 'Options' }).click();
  await p.getByRole('menuitem', { name: item }).click();
}

/** Waits until the order's status, as the API answers it, is `status`. */
async function expectStatus(p: Page, orderId: string, status: number) {
  await expect.poll(async () => (await ordersOf(p, SPONSOR.id, false)).find((o) => o.OrderId === orderId)?.Status).toBe(status);
}

describe('My Fund Orders as the sponsor agent', () => {
  it('walks the list, a card, every dialog, the status changes and the export', { timeout: 240_000 }, async () => {
    const p = await signInAs('sponsor');
    await p.setViewportSize(DESKTOP);
    await navigateInApp(p, '/fundorders');
    await p.getByRole('heading', { name: 'My Fund Orders', level: 1 }).waitFor();
    await p.getByText(ORDER_CARD_TEXTS.subtitle, { exact: true }).waitFor();

    // The count line and the cards: the API's active fund orders, newest first by Created.
    const active = newestFirst((await ordersOf(p, SPONSOR.id, true)).filter((o) => o.IsFundOrder));
    await expect.poll(() => countLine(p).textContent()).toBe(ORDER_CARD_TEXTS.count(active.length, active.length));
    expect(await cardNames(p)).toEqual(active.map((o) => o.Description));

    // The banner and the warnings of the seeded orders flagged for each cause.
    const banner = p.getByRole('region', { name: ORDER_CARD_TEXTS.banner });
    const flagged: [string, string][] = [
      ['Shared With A Former Agent', ORDER_CARD_TEXTS.Terminated],
      ['Shared Outside The Team', ORDER_CARD_TEXTS.Reassigned],
    ];
    const inactiveFund = active.find((o) => o.AttentionReasons.includes('FundsInactive'));
    if (inactiveFund) flagged.push([inactiveFund.Description, ORDER_CARD_TEXTS.FundsInactive]);
    for (const [name, reason] of flagged) {
      await banner.getByRole('button', { name, exact: true }).waitFor();
      const warned = card(p, name);
      await warned.getByText(ORDER_CARD_TEXTS.needsAttention, { exact: true }).waitFor();
      await warned.getByText(reason, { exact: true }).waitFor();
    }
    expect(await card(p, 'Texas Medicare Team').getByText(ORDER_CARD_TEXTS.needsAttention).count()).toBe(0);
    // Choosing an order in the banner opens its card.
    await banner.getByRole('button', { name: 'Shared Outside The Team', exact: true }).click();
    await card(p, 'Shared Outside The Team').getByRole('region', { name: 'Lead Distribution' }).waitFor();
    await card(p, 'Shared Outside The Team').getByRole('button', { name: 'Hide details' }).click();

    // The search box narrows the cards and the count line.
    const search = p.getByRole('textbox', { name: 'Search' });
    await search.fill('texas');
    await expect.poll(() => cardNames(p)).toEqual(['Texas Medicare Team']);
    expect(await countLine(p).textContent()).toBe(ORDER_CARD_TEXTS.count(1, active.length));
    await search.fill('no order is called this');
    await p.getByText(ORDER_CARD_TEXTS.empty, { exact: true }).waitFor();
    await search.fill('');
    await expect.poll(() => cards(p).count()).toBe(active.length);

    // Cancelled orders: loaded by the button, hidden again by Show Cancelled.
    expect(await card(p, 'Life Quotes Cancelled').count()).toBe(0);
    await p.getByRole('button', { name: ORDER_CARD_TEXTS.loadCancelled }).click();
    const all = newestFirst((await ordersOf(p, SPONSOR.id, false)).filter((o) => o.IsFundOrder));
    await expect.poll(() => countLine(p).textContent()).toBe(ORDER_CARD_TEXTS.count(all.length, all.length));
    expect(await cardNames(p)).toEqual(all.map((o) => o.Description));
    const cancelledCard = card(p, 'Life Quotes Cancelled');
    expect(await cancelledCard.getByTestId('order-status').textContent()).toBe('Cancelled');
    expect(await cancelledCard.getByRole('switch').isDisabled()).toBe(true);
    const showCancelled = p.getByRole('switch', { name: 'Show Cancelled' });
    expect(await showCancelled.isChecked()).toBe(true);
    await flip(showCancelled);
    await expect.poll(() => cancelledCard.count()).toBe(0);
    const shownAfterHide = all.filter((o) => o.Status !== 2).length;
    expect(await countLine(p).textContent()).toBe(ORDER_CARD_TEXTS.count(shownAfterHide, all.length));
    await expectAxeClean(p);

    // A card opened: information, a gauge per cap above zero, the distribution.
    const texas = card(p, 'Texas Medicare Team');
    const texasOrder = all.find((o) => o.Description === 'Texas Medicare Team')!;
    await texas.getByRole('button', { name: 'Show details' }).click();
    const info = texas.getByRole('region', { name: 'Order Information' });
    await info.getByText(String(texasOrder.UserFacingOrderId), { exact: true }).waitFor();
    await info.getByText('2 states', { exact: true }).waitFor();
    const meters = texas.getByRole('meter');
    const gauges = (['Hourly', 'Daily', 'Weekly', 'Monthly'] as const).filter((_, i) => [texasOrder.MaxPerHour, texasOrder.MaxPerDay, texasOrder.MaxPerWeek, texasOrder.MaxPerMonth][i]! > 0);
    expect(await meters.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual(gauges.map((g) => `${g} lead intake`));
    const daily = texas.getByRole('meter', { name: 'Daily lead intake' });
    expect(await daily.getAttribute('aria-valuetext')).toBe(
      `${texasOrder.UsedPerDay} of ${texasOrder.MaxPerDay} leads (${Math.round((texasOrder.UsedPerDay / texasOrder.MaxPerDay) * 100)}%)`,
    );
    const distribution = texas.getByRole('table', { name: 'Lead Distribution' });
    expect(await distribution.locator('tbody tr').count()).toBe(texasOrder.OrderRecipients.length);
    await distribution.getByText(`Sofia Sponsor (${SPONSOR.id})`).waitFor();
    await screenshot(p, 'my-orders-card');

    // Geos: the order's states.
    await texas.getByRole('button', { name: 'Geos' }).click();
    const geos = p.getByRole('dialog', { name: 'Order Geographies' });
    await geos.getByText('Texas (TX)', { exact: true }).waitFor();
    await geos.getByText('Oklahoma (OK)', { exact: true }).waitFor();
    await expectAxeClean(p);
    await closeDialog(p, geos);

    // Schedule: the week, Monday first; weekdays 8 AM to 6 PM in blue, the weekend white; the day view.
    await texas.getByRole('button', { name: 'Schedule' }).click();
    const schedule = p.getByRole('dialog', { name: 'Lead Delivery Schedule' });
    const calendar = schedule.getByRole('group', { name: 'Lead delivery schedule of Texas Medicare Team' });
    expect((await calendar.getByText(/^(MON|TUE|WED|THU|FRI|SAT|SUN)$/).allTextContents()).map((t) => t.trim())).toEqual(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']);
    await calendar.getByText('Monday 8:00 AM to 6:00 PM', { exact: true }).waitFor({ state: 'attached' });
    expect(await calendar.locator('[data-day="Saturday"] [data-received]').count()).toBe(0);
    // Blue where leads are received, white where they are rejected.
    const colour = (selector: string) => p.evaluate<string>(`getComputedStyle(document.querySelector('[role="dialog"] ${selector}')).backgroundColor`);
    const [r, g, b] = ((await colour('[data-day="Friday"] [data-received]')).match(/\d+/g) ?? []).map(Number);
    expect(b!).toBeGreaterThan(Math.max(r!, g!));
    expect(await colour('[data-day="Saturday"]')).toBe('rgb(255, 255, 255)');
    await schedule.getByText(ORDER_WIZARD_TEXTS.scheduleNote, { exact: true }).waitFor();
    await calendar.getByText('Day', { exact: true }).click();
    await calendar.getByText('FRI', { exact: true }).click();
    await calendar.getByText('8:00 AM to 6:00 PM', { exact: true }).waitFor();
    await expectAxeClean(p);
    await closeDialog(p, schedule);

    // Status History: a table with its filter and CSV.
    await openOption(p, texas, 'Status History');
    const statusHistory = p.getByRole('dialog', { name: 'Status History' });
    await statusHistory.getByText('Order created').first().waitFor();
    await statusHistory.getByRole('textbox', { name: 'Filter' }).fill('order created');
    await statusHistory.getByText('1 of', { exact: false }).waitFor();
    const [statusCsv] = await Promise.all([p.waitForEvent('download'), statusHistory.getByRole('button', { name: 'CSV Export' }).click()]);
    expect(statusCsv.suggestedFilename()).toMatch(new RegExp(`^Order-${texasOrder.UserFacingOrderId}-Status-History-\\d\\d-\\d\\d-\\d{4}\\.csv$`));
    const statusFile = path.join(ARTIFACTS, statusCsv.suggestedFilename());
    await statusCsv.saveAs(statusFile);
    const statusLines = (await readFile(statusFile, 'utf8')).trim().split(/\r?\n/);
    expect(statusLines[0]).toBe('Date,User,Previous Status,New Status,Description');
    expect(statusLines).toHaveLength(2);
    expect(statusLines[1]).toMatch(/^"\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d\d:\d\d [AP]M",sponsor@leadportal\.example\.com,,Active,Order created$/);
    await expectAxeClean(p);
    await closeDialog(p, statusHistory);

    // Modification History: the saved order, with its CSV.
    await openOption(p, texas, 'Modification History');
    const history = p.getByRole('dialog', { name: 'Modification History' });
    await history.getByText('Texas Medicare Team').first().waitFor();
    const [historyCsv] = await Promise.all([p.waitForEvent('download'), history.getByRole('button', { name: 'CSV Export' }).click()]);
    expect(historyCsv.suggestedFilename()).toMatch(new RegExp(`^Order-${texasOrder.UserFacingOrderId}-Modification-History-\\d\\d-\\d\\d-\\d{4}\\.csv$`));
    await closeDialog(p, history);

    // The toggle pauses and activates.
    const toggle = texas.getByRole('switch', { name: 'Texas Medicare Team active' });
    await flip(toggle);
    await expect.poll(() => texas.getByTestId('order-status').textContent()).toBe('Paused');
    await expectStatus(p, texasOrder.OrderId, 0);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await flip(toggle);
    await expect.poll(() => texas.getByTestId('order-status').textContent()).toBe('Active');
    await expectStatus(p, texasOrder.OrderId, 1);

    // Cancel Order with its confirm text: the card leaves the list while cancelled orders are hidden.
    await openOption(p, texas, 'Cancel Order');
    const cancel = p.getByRole('dialog', { name: 'Cancel Order' });
    await cancel.getByText(ORDER_CARD_TEXTS.cancelConfirm('Texas Medicare Team'), { exact: true }).waitFor();
    await expectAxeClean(p);
    await cancel.getByRole('button', { name: 'Yes' }).click();
    await cancel.waitFor({ state: 'detached' });
    await expect.poll(() => texas.count()).toBe(0);
    await expectStatus(p, texasOrder.OrderId, 2);

    // Show Cancelled brings it back; Activate Order sets it to Paused, and the toggle to Active again.
    await flip(showCancelled);
    await texas.waitFor();
    expect(await texas.getByRole('switch').isDisabled()).toBe(true);
    if ((await texas.getByRole('region', { name: 'Order Information' }).count()) === 0) await texas.getByRole('button', { name: 'Show details' }).click();
    await openOption(p, texas, 'Activate Order');
    const activate = p.getByRole('dialog', { name: 'Activate Order' });
    await activate.getByText(ORDER_CARD_TEXTS.reactivateConfirm, { exact: true }).waitFor();
    await activate.getByRole('button', { name: 'Yes' }).click();
    await activate.waitFor({ state: 'detached' });
    await expect.poll(() => texas.getByTestId('order-status').textContent()).toBe('Paused');
    await expectStatus(p, texasOrder.OrderId, 0);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await flip(toggle);
    await expectStatus(p, texasOrder.OrderId, 1);
    // Every change is in the status history.
    await openOption(p, texas, 'Status History');
    const changes = p.getByRole('dialog', { name: 'Status History' });
    await changes.getByText('6 of 6 entries', { exact: true }).waitFor();
    await closeDialog(p, changes);

    // The list's CSV export and the New Order link into the fund wizard.
    const [listCsv] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'CSV Export' }).click()]);
    expect(listCsv.suggestedFilename()).toMatch(/\.csv$/);
    expect(await p.getByRole('link', { name: 'New Order', exact: true }).getAttribute('href')).toBe('/fundOrder/new');
    expect(await texas.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/fundOrder/${texasOrder.OrderId}`);
    await screenshot(p, 'my-fund-orders');
  });

  it('the older list has no fund orders and both New buttons, and nothing overflows a 390 px phone', { timeout: 120_000 }, async () => {
    const p = await signInAs('sponsor');
    await p.setViewportSize(DESKTOP);
    await navigateInApp(p, '/orders');
    await p.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
    const older = newestFirst((await ordersOf(p, SPONSOR.id, true)).filter((o) => !o.IsFundOrder));
    await expect.poll(() => countLine(p).textContent()).toBe(ORDER_CARD_TEXTS.count(older.length, older.length));
    expect(await cardNames(p)).toEqual(older.map((o) => o.Description));
    expect(await p.getByRole('link', { name: 'New Fund Order' }).getAttribute('href')).toBe('/fundOrder/new');
    expect(await p.getByRole('link', { name: 'Create an Order' }).getAttribute('href')).toBe('/order/new');
    expect(await p.getByRole('textbox', { name: 'Search' }).count()).toBe(0);
    expect(await p.getByRole('button', { name: ORDER_CARD_TEXTS.loadCancelled }).count()).toBe(0);
    const web = card(p, 'Web Health (older wizard)');
    await web.getByRole('button', { name: 'Show details' }).click();
    await web.getByRole('region', { name: 'Order Information' }).getByText('Priority').waitFor();
    expect(await web.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/order/edit/${older.find((o) => o.Description === 'Web Health (older wizard)')!.OrderId}`);
    await expectAxeClean(p);

    await p.setViewportSize(PHONE);
    await navigateInApp(p, '/fundorders');
    await card(p, 'Texas Medicare Team').waitFor();
    await card(p, 'Texas Medicare Team').getByRole('button', { name: 'Show details' }).click();
    await card(p, 'Texas Medicare Team').getByRole('meter').first().waitFor();
    await expectNothingOverflows(p);
    await card(p, 'Texas Medicare Team').getByRole('button', { name: 'Schedule' }).click();
    await p.getByRole('dialog', { name: 'Lead Delivery Schedule' }).getByText('MON', { exact: true }).waitFor();
    await expectNothingOverflows(p);
    await closeDialog(p, p.getByRole('dialog', { name: 'Lead Delivery Schedule' }));
    await openOption(p, card(p, 'Texas Medicare Team'), 'Modification History');
    await p.getByRole('dialog', { name: 'Modification History' }).locator('[data-layout="cards"]').waitFor();
    await expectNothingOverflows(p);
    await screenshot(p, 'my-orders-phone');
  });
});

describe('the admin view of an agent orders', () => {
  it("an admin sees the sponsor's fund orders and older orders under the agent header, with the admin links", { timeout: 120_000 }, async () => {
    const p = await signInAs('admin');
    await p.setViewportSize(DESKTOP);
    await navigateInApp(p, `/viewFundOrders/${SPONSOR.id}/${SPONSOR.first}/${SPONSOR.last}`);
    await p.getByRole('heading', { name: `Sofia Sponsor (${SPONSOR.id})` }).waitFor();
    // The admin has no fund preview: the one Orders tab opens the fund orders.
    expect(await p.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    const active = newestFirst((await ordersOf(p, SPONSOR.id, true)).filter((o) => o.IsFundOrder));
    await expect.poll(() => cardNames(p)).toEqual(active.map((o) => o.Description));
    await p.getByRole('region', { name: ORDER_CARD_TEXTS.banner }).waitFor();
    const admin = `${SPONSOR.id}/${SPONSOR.first}/${SPONSOR.last}`;
    expect(await p.getByRole('link', { name: 'New Order', exact: true }).getAttribute('href')).toBe(`/fundOrder/new/${admin}`);
    const texas = card(p, 'Texas Medicare Team');
    const texasId = active.find((o) => o.Description === 'Texas Medicare Team')!.OrderId;
    expect(await texas.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/fundOrder/${texasId}/${admin}`);
    await texas.getByRole('switch', { name: 'Texas Medicare Team active' }).waitFor({ state: 'attached' });
    await texas.getByRole('button', { name: 'Show details' }).click();
    await texas.getByRole('button', { name: 'Options' }).click();
    await expect.poll(async () => (await p.getByRole('menuitem').allTextContents()).map((t) => t.trim())).toEqual(['Modification History', 'Status History', 'Cancel Order']);
    await p.keyboard.press('Escape');
    await screenshot(p, 'admin-view-fund-orders');

    await navigateInApp(p, `/viewOrders/${admin}`);
    const older = newestFirst((await ordersOf(p, SPONSOR.id, true)).filter((o) => !o.IsFundOrder));
    await expect.poll(() => cardNames(p)).toEqual(older.map((o) => o.Description));
    expect(await p.getByRole('link', { name: 'Create an Order' }).getAttribute('href')).toBe(`/order/new/${admin}`);
    expect(await p.getByRole('link', { name: 'New Fund Order' }).getAttribute('href')).toBe(`/fundOrder/new/${admin}`);
  });

  it('a manager reads the admin view: no toggle, no Cancel or Activate, no Edit, no Create an Order', { timeout: 120_000 }, async () => {
    const p = await signInAs('manager');
    await p.setViewportSize(DESKTOP);
    const flags = (await (await p.request.get(`${url}/api/featureflags`)).json()) as { newFundOrderForStaff: boolean };
    await navigateInApp(p, `/viewFundOrders/${SPONSOR.id}/${SPONSOR.first}/${SPONSOR.last}`);
    const texas = card(p, 'Texas Medicare Team');
    await texas.waitFor();
    expect(await texas.getByRole('switch').count()).toBe(0);
    expect(await texas.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'New Order', exact: true }).count()).toBe(flags.newFundOrderForStaff ? 1 : 0);
    await texas.getByRole('button', { name: 'Show details' }).click();
    await texas.getByRole('button', { name: 'Options' }).click();
    await expect.poll(async () => (await p.getByRole('menuitem').allTextContents()).map((t) => t.trim())).toEqual(['Modification History', 'Status History']);
    await p.keyboard.press('Escape');
  });
});
