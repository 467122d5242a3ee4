// Routing Rules (spec part 3 §2, §3, §4, §5, §6) as an admin walks it in one session: the seeded rules
// in order with the default rule last, a rule's details, a move up and back down saved through the swap
// call (the order survives a reload), Add Rule through every validation message (a zip the server does
// not know, the name, the targets' total) and its Simulate (issue 12) with zips, an SCF, a city's zips, states, a line of business
// and a campaign, then Edit and Delete; the default rule with no move or delete and only its targets
// editable; axe on the page and the dialog; nothing wider than a 390 px phone. Support sees the list
// read-only; a manager is refused.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RULE_SIMULATION_TEXTS } from '#shared/api/rule-simulation.ts';
import { RULE_MESSAGES } from '#shared/rules.ts';
import { navigateInApp } from '../support/browser.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';

const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const SEEDED = ['Texas Medicare to Call Center', 'Austin Metro Health', 'Florida and Georgia Health', 'Employer Referrals to POST', 'California Life Pilot'];

const list = (p: Page) => p.getByRole('list', { name: 'Routing rules' });
const card = (p: Page, name: string) => list(p).locator(`li[data-rule="${name}"]`);
const order = (p: Page) => list(p).locator('li[data-rule]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-rule')));
const dialog = (p: Page, name: string) => p.getByRole('dialog', { name });

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

async function openRules(p: Page) {
  await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Routing Rules', exact: true }).click();
  await p.waitForURL(/\/leads\/rules$/);
  await p.getByRole('heading', { name: 'Routing Rules', level: 1 }).waitFor();
}

/** Sets a number field's text, as a person selects what is there and types over it. */
async function retype(p: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
  await field.blur();
}

describe('Routing Rules', () => {
  it('lets an admin read, move, add, edit and delete rules, with the default rule last and only its targets editable', async () => {
    const p = await signInAs('admin');
    await openRules(p);

    // The seeded rules in order, the default rule last.
    expect(await order(p)).toEqual([...SEEDED, 'Default Rule']);
    await card(p, 'Texas Medicare to Call Center').getByText('Call Center 80% · POST 20%').waitFor();

    // A rule's details open from its name.
    const austin = card(p, 'Austin Metro Health');
    await austin.getByRole('button', { name: 'Austin Metro Health', exact: true }).click();
    expect(await austin.getByRole('button', { name: 'Austin Metro Health', exact: true }).getAttribute('aria-expanded')).toBe('true');
    await austin.getByText('78701, 78702, 78703, 787').waitFor();
    await austin.getByText('Health, Life').waitFor();
    await austin.getByText('Call Center 236 · POST 0').waitFor();
    await screenshot(p, 'routing-rules');
    await expectAxeClean(p);

    // The first rule cannot go up, the last ordinary rule cannot go down, and the default rule has neither, nor Delete.
    expect(await p.getByRole('button', { name: 'Move Texas Medicare to Call Center up' }).isDisabled()).toBe(true);
    expect(await p.getByRole('button', { name: 'Move California Life Pilot down' }).isDisabled()).toBe(true);
    const defaultCard = card(p, 'Default Rule');
    expect(await defaultCard.getByRole('button', { name: /^Move / }).count()).toBe(0);
    expect(await defaultCard.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    // Up, saved through the swap call: it survives a reload. Then back down.
    await p.getByRole('button', { name: 'Move Austin Metro Health up' }).click();
    await expect.poll(() => order(p)).toEqual([SEEDED[1], SEEDED[0], ...SEEDED.slice(2), 'Default Rule']);
    await card(p, 'Austin Metro Health').getByText('1.', { exact: true }).waitFor();
    await p.reload();
    await p.getByRole('heading', { name: 'Routing Rules', level: 1 }).waitFor();
    expect(await order(p)).toEqual([SEEDED[1], SEEDED[0], ...SEEDED.slice(2), 'Default Rule']);
    await p.getByRole('button', { name: 'Move Austin Metro Health down' }).click();
    await expect.poll(() => order(p)).toEqual([...SEEDED, 'Default Rule']);
    await p.reload();
    await p.getByRole('heading', { name: 'Routing Rules', level: 1 }).waitFor();
    expect(await order(p)).toEqual([...SEEDED, 'Default Rule']);

    // The default rule: only its two targets, which must add to 100.
    await defaultCard.getByRole('button', { name: 'Edit Default Rule' }).click();
    const defaults = dialog(p, 'Edit Default Rule');
    await defaults.waitFor();
    expect(await defaults.getByRole('textbox', { name: 'Rule Name' }).count()).toBe(0);
    expect(await defaults.getByRole('textbox', { name: 'Zip Code or SCF' }).count()).toBe(0);
    await retype(p, defaults.getByRole('textbox', { name: 'Call Center Target (%)' }), '70');
    await defaults.getByText(RULE_MESSAGES.percentTotal).waitFor();
    expect(await defaults.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await retype(p, defaults.getByRole('textbox', { name: 'Post Target (%)' }), '30');
    await defaults.getByRole('button', { name: 'Save' }).click();
    await defaults.waitFor({ state: 'detached' });
    await card(p, 'Default Rule').getByText('Call Center 70% · POST 30%').waitFor();

    // Add Rule: every message first.
    await p.getByRole('button', { name: 'Add Rule' }).click();
    const add = dialog(p, 'Add Rule');
    await add.waitFor();
    const save = add.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    const name = add.getByRole('textbox', { name: 'Rule Name' });
    await name.fill('Ohio');
    await name.fill('');
    await name.blur();
    await add.getByText(RULE_MESSAGES.nameRequired).waitFor();
    await name.fill('Ohio Health');
    await retype(p, add.getByRole('textbox', { name: 'Call Center Target (%)' }), '60');
    await add.getByText(RULE_MESSAGES.percentTotal).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await retype(p, add.getByRole('textbox', { name: 'Post Target (%)' }), '40');
    await expect.poll(() => add.getByText(RULE_MESSAGES.percentTotal).count()).toBe(0);
    // Simulate (issue 12): the change replayed over the last 30 days before it is saved, side by side.
    await add.getByRole('button', { name: 'Simulate' }).click();
    await add.getByRole('region', { name: RULE_SIMULATION_TEXTS.title }).getByText(RULE_SIMULATION_TEXTS.help).waitFor();
    await expectAxeClean(p);

    // Zip entry: four digits cannot be added; a zip the server does not know is refused with its message.
    const zip = add.getByRole('textbox', { name: 'Zip Code or SCF' });
    const addZip = add.getByRole('button', { name: 'Add Zip' });
    await zip.fill('4321');
    expect(await addZip.isDisabled()).toBe(true);
    await zip.fill('00000');
    await addZip.click();
    await add.getByText(RULE_MESSAGES.invalidZip, { exact: true }).waitFor();
    await zip.fill('43215');
    await addZip.click();
    const zips = add.getByRole('list', { name: 'Zip codes and SCFs' });
    await zips.getByText('43215').waitFor();
    await zip.fill('432');
    await zip.press('Enter');
    await expect.poll(() => zips.getByRole('listitem').allInnerTexts()).toEqual(['43215', '432']);

    // A city's zips, found from three characters.
    await add.getByLabel('State to search', { exact: true }).fill('Ohio');
    await p.getByRole('option', { name: 'Ohio', exact: true }).click();
    await add.getByLabel('City name', { exact: true }).pressSequentially('Dubl');
    await p.getByRole('option', { name: 'Dublin', exact: true }).click();
    await add.getByRole('button', { name: 'Add City' }).click();
    await add.getByText(/^Added \d+ zip codes? of Dublin, OH\.$/).waitFor();
    expect(await zips.getByRole('listitem').count()).toBeGreaterThan(2);

    // States, a line of business and a campaign.
    await add.getByLabel('States', { exact: true }).fill('Ohio');
    await p.getByRole('option', { name: 'Ohio (OH)' }).click();
    await add.getByLabel('States', { exact: true }).press('Escape');
    await add.getByRole('checkbox', { name: 'Health' }).check();
    await add.getByLabel('Campaigns', { exact: true }).click();
    const campaign = p.getByRole('option').first();
    const campaignName = (await campaign.innerText()).replace(/ \([^)]*\)$/, '');
    await campaign.click();
    await add.getByLabel('Campaigns', { exact: true }).press('Escape');
    await expectAxeClean(p);
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await screenshot(p, 'routing-rules-dialog-phone');
    await p.setViewportSize({ width: 1280, height: 900 });
    await save.click();
    await add.waitFor({ state: 'detached' });

    // Added last, before the default rule, with what was chosen.
    await expect.poll(() => order(p)).toEqual([...SEEDED, 'Ohio Health', 'Default Rule']);
    const ohio = card(p, 'Ohio Health');
    await ohio.getByText('Call Center 60% · POST 40%').waitFor();
    await ohio.getByRole('button', { name: 'Ohio Health', exact: true }).click();
    await ohio.getByText(/^43215, 432, /).waitFor();
    await ohio.getByText('OH', { exact: true }).waitFor();
    await ohio.getByText(campaignName, { exact: true }).waitFor();

    // Edit keeps what was there.
    await ohio.getByRole('button', { name: 'Edit Ohio Health' }).click();
    const edit = dialog(p, 'Edit Rule');
    await edit.getByRole('textbox', { name: 'Rule Name' }).fill('Ohio Health and Life');
    await edit.getByRole('checkbox', { name: 'Life' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    const edited = card(p, 'Ohio Health and Life');
    await edited.getByText('Health, Life').waitFor();
    await edited.getByText(/^43215, 432, /).waitFor();

    // Delete asks first; No keeps it, Yes removes it.
    await edited.getByRole('button', { name: 'Delete Ohio Health and Life' }).click();
    const confirm = dialog(p, 'Delete Rule');
    await confirm.getByText('Are you sure you want to delete the rule Ohio Health and Life?').waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await edited.count()).toBe(1);
    await edited.getByRole('button', { name: 'Delete Ohio Health and Life' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => order(p)).toEqual([...SEEDED, 'Default Rule']);

    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await screenshot(p, 'routing-rules-phone');
    // The whole life of a rule in one test (about 40 page actions): more than the project's 60 s per
    // test when the other test projects share the two cores (72 s in one run from a fresh clone).
  }, 150_000);

  it('shows support the rules read-only and refuses a manager', async () => {
    const support = await signInAs('support');
    await openRules(support);
    expect(await order(support)).toEqual([...SEEDED, 'Default Rule']);
    await card(support, 'Texas Medicare to Call Center').getByRole('button', { name: 'Texas Medicare to Call Center', exact: true }).click();
    await card(support, 'Texas Medicare to Call Center').getByText('TX', { exact: true }).waitFor();
    for (const name of [/^Move /, /^Edit /, /^Delete /, /^Add Rule$/]) expect(await support.getByRole('button', { name }).count()).toBe(0);
    await support.close();

    const manager = await signInAs('manager');
    expect(await manager.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Routing Rules' }).count()).toBe(0);
    await navigateInApp(manager, '/leads/rules');
    await manager.getByText('Not allowed to view this resource.').waitFor();
  });
});
