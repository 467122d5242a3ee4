// What the two order wizard walks share (fund-order-wizard.test.ts, campaign-order-wizard.test.ts):
// the step headers, the snackbar, reading the agent's orders through the API as the signed-in user.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { OrderSummaryDto } from '#shared/api/orders.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { localStack } from './stack.ts';

const { url } = localStack();

export const DESKTOP = { width: 1280, height: 900 };

/** The step form's level-two heading: the step shown. */
export const stepHeading = (p: Page, title: string) => p.getByRole('heading', { name: title, level: 2, exact: true });

export async function expectStep(p: Page, title: string) {
  await stepHeading(p, title).waitFor();
}

/** A step header of the vertical stepper. */
export const header = (p: Page, title: string) => p.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: new RegExp(`^${title}`) });

export const next = (p: Page) => p.getByRole('button', { name: 'Next', exact: true }).click();

/** Waits for the snackbar to say `text` (word for word). */
export async function expectSnack(p: Page, text: string) {
  await p.locator('.mantine-Notification-root').filter({ has: p.getByText(text, { exact: true }) }).first().waitFor();
}

/** Closes every snackbar, so the next check sees only new ones. */
export async function dismissSnacks(p: Page) {
  await p.evaluate(`document.querySelectorAll('.mantine-Notification-root .mantine-Notification-closeButton').forEach((b) => b.click())`);
  await expect.poll(() => p.locator('.mantine-Notification-root').count(), { timeout: 5_000 }).toBe(0);
}

export async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** Opens a Mantine select by its label and picks an option. */
export async function pick(scope: Page | Locator, p: Page, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).or(scope.getByRole('combobox', { name: label, exact: true })).first().click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

/** The agent's orders (Active and Paused, or every one), as the signed-in user reads them. */
export async function ordersOf(p: Page, agentId: string, activeOnly = true): Promise<OrderSummaryDto[]> {
  const answer = await p.request.get(`${url}/api/agent/${agentId}/agentOrders/${activeOnly}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as OrderSummaryDto[];
}

export async function orderNamed(p: Page, agentId: string, name: string): Promise<OrderSummaryDto> {
  let found: OrderSummaryDto | undefined;
  await expect.poll(async () => (found = (await ordersOf(p, agentId)).find((o) => o.Description === name)) !== undefined, { timeout: 10_000 }).toBe(true);
  return found!;
}

/** Fills a text field (clearing it first). */
export const fill = (scope: Page | Locator, name: string, value: string) => scope.getByRole('textbox', { name, exact: true }).fill(value);

/** Switches a day of a time slot on or off (the day chips' labels MON to SUN). */
export const toggleDay = (slot: Locator, short: string) => slot.getByText(short, { exact: true }).click();
