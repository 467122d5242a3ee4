// The public lead forms as a visitor walks them in Chromium, without signing in (spec part 3 §2, §4,
// §5, §8, §9): the sales form with every required-field message after the first submit (none
// before), the zip look-up ('Zip Code not found.', then City, County and State filled), the masks,
// the notes counter, a submission with 'Lead has been submitted' and a reset that keeps the contract
// (a second submission carries it); the employer form's own fields and messages; a contract of the
// other form moves to it; 'Oops!' for an unknown or missing contract number; the network failure
// text; a non-ok answer showing nothing; axe on every page; nothing wider than a 390 px phone.
import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_SCRIPT, CONTACT_DAYS, CONTACT_TIMES, NOTES_MAX, SALES_FORM_MESSAGES as M } from '#shared/sales-forms.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const session = useBrowserSession({ fullPage: true });

let page: Page;
beforeEach(async () => {
  page = await session.newPage();
});

const SALES_REQUIRED = [
  M.firstNameRequired,
  M.lastNameRequired,
  M.addressRequired,
  M.birthDateRequired,
  M.phoneRequired,
  M.cityRequired,
  M.countyRequired,
  M.stateRequired,
  M.zipRequired,
];
const EMPLOYER_REQUIRED = [
  M.firstNameRequired,
  M.lastNameRequired,
  M.companyNameRequired,
  M.jobTitleRequired,
  M.employeesRequired,
  M.addressRequired,
  M.phoneRequired,
  M.cityRequired,
  M.countyRequired,
  M.stateRequired,
  M.zipRequired,
];

const textbox = (p: Page, name: string) => p.getByRole('textbox', { name, exact: true });
const submitButton = (p: Page) => p.getByRole('button', { name: 'Submit' });
/** A snackbar (Mantine notification) with exactly this text, spaces included. */
const snackbar = (p: Page, text: string) => p.locator('.mantine-Notification-root').filter({ hasText: text });

async function open(p: Page, path: string) {
  await p.goto(`${url}${path}`);
}

async function lookUpZip(p: Page, zip: string) {
  await textbox(p, 'Zip Code').fill(zip);
  await expect.poll(() => textbox(p, 'City').inputValue()).not.toBe('');
}

async function fillContact(p: Page) {
  await lookUpZip(p, '60606');
  await textbox(p, 'First Name').fill('Dana');
  await textbox(p, 'Last Name').fill('Visitor');
  await textbox(p, 'Address').fill('233 S Wacker Dr');
  await textbox(p, 'Phone').fill('3125550142');
}

/** Submits and answers the POST the page sent (path below /api) with its request. */
async function submitAndCatch(p: Page, path: string): Promise<{ request: Request; status: number }> {
  const [response] = await Promise.all([p.waitForResponse((r) => new URL(r.url()).pathname === `/api${path}` && r.request().method() === 'POST'), submitButton(p).click()]);
  return { request: response.request(), status: response.status() };
}

describe('public sales lead form', () => {
  it('shows the rules only after the first submit, fills the place from the zip, masks and counts, submits and resets keeping the contract', async () => {
    await open(page, '/Sales/LeadsForm?ContractNumber=HWI-2040');
    await page.getByRole('heading', { name: 'Sales Lead Form', level: 1 }).waitFor();
    await page.getByText(CONSENT_SCRIPT.text, { exact: true }).waitFor();
    for (const section of ['Zip Code Lookup', 'Personal Information', 'Contact Information', 'Notes']) await page.getByRole('region', { name: section }).waitFor();
    expect(await page.getByText(M.firstNameRequired).count()).toBe(0);

    // An empty submit: 'Form is invalid.' and every required field's message.
    await submitButton(page).click();
    await snackbar(page, M.formInvalid).waitFor();
    for (const message of SALES_REQUIRED) await page.getByText(message, { exact: true }).waitFor();

    // The zip look-up: an unknown zip, then a real one fills City, County and State (read-only).
    await textbox(page, 'Zip Code').fill('00000');
    await page.getByText(M.zipNotFound, { exact: true }).waitFor();
    await lookUpZip(page, '60606');
    expect(await textbox(page, 'City').inputValue()).toBe('Chicago');
    expect(await textbox(page, 'County').inputValue()).toBe('Cook');
    expect(await textbox(page, 'State').inputValue()).toBe('IL');
    expect(await textbox(page, 'City').getAttribute('readonly')).not.toBeNull();

    // Masks: date of birth 99/99/9999 and phones (999) 999-9999, whatever is typed.
    await textbox(page, 'Date of Birth').pressSequentially('04121961x');
    expect(await textbox(page, 'Date of Birth').inputValue()).toBe('04/12/1961');
    await textbox(page, 'Phone').pressSequentially('312-555-0142');
    expect(await textbox(page, 'Phone').inputValue()).toBe('(312) 555-0142');
    await textbox(page, 'Alternate Phone').fill('+1 312 555 0199');
    expect(await textbox(page, 'Alternate Phone').inputValue()).toBe('(312) 555-0199');

    // Notes: the counter, and nothing beyond 1000 characters.
    await textbox(page, 'Notes').fill('n'.repeat(NOTES_MAX + 20));
    expect((await textbox(page, 'Notes').inputValue()).length).toBe(NOTES_MAX);
    await page.getByText(`${NOTES_MAX} / ${NOTES_MAX} characters`).waitFor();
    await textbox(page, 'Notes').fill('Looking for a family plan.');
    await page.getByText(`26 / ${NOTES_MAX} characters`).waitFor();

    // E-mail is optional but must be valid.
    await textbox(page, 'First Name').fill('Dana');
    await textbox(page, 'Last Name').fill('Visitor');
    await textbox(page, 'Address').fill('233 S Wacker Dr');
    await textbox(page, 'Email').fill('dana@');
    await submitButton(page).click();
    await page.getByText(M.emailInvalid, { exact: true }).waitFor();
    await textbox(page, 'Email').fill('dana.visitor@example.com');
    await page.getByRole('combobox', { name: 'Best Time to Contact' }).selectOption('10am-12pm');
    await page.getByRole('combobox', { name: 'Best Day to Contact' }).selectOption('Tuesday');
    expect(await page.getByRole('combobox', { name: 'Best Time to Contact' }).locator('option').allInnerTexts()).toEqual(['Select…', ...CONTACT_TIMES]);
    expect(await page.getByRole('combobox', { name: 'Best Day to Contact' }).locator('option').allInnerTexts()).toEqual(['Select…', ...CONTACT_DAYS]);

    const first = await submitAndCatch(page, '/sales/lead');
    expect(first.status).toBe(201);
    expect(first.request.postDataJSON()).toMatchObject({
      ContractID: 'HWI-2040',
      FirstName: 'Dana',
      ZipCode: '60606',
      City: 'Chicago',
      BirthDate: '04/12/1961',
      Phone: '(312) 555-0142',
      Email: 'dana.visitor@example.com',
      ContactTime: '10am-12pm',
      ContactDay: 'Tuesday',
      Website: '',
    });
    await snackbar(page, M.submitted).waitFor();
    // The form is empty again and shows no message; the address still names the contract.
    expect(await textbox(page, 'First Name').inputValue()).toBe('');
    expect(await textbox(page, 'Zip Code').inputValue()).toBe('');
    expect(await page.getByText(M.firstNameRequired).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('ContractNumber')).toBe('HWI-2040');
    // The snackbar hides by itself (3 s).
    await snackbar(page, M.submitted).waitFor({ state: 'hidden', timeout: 6_000 });

    // A second lead from the same page goes to the same contract.
    await fillContact(page);
    await textbox(page, 'Date of Birth').fill('11/30/1958');
    const second = await submitAndCatch(page, '/sales/lead');
    expect(second.status).toBe(201);
    expect(second.request.postDataJSON()).toMatchObject({ ContractID: 'HWI-2040', FirstName: 'Dana', BirthDate: '11/30/1958' });
    await session.screenshot(page, 'sales-leads-form-submitted');
  });

  it("says 'Something went wrong.  Please try again later.' when the network fails, and nothing when the server refuses", async () => {
    await open(page, '/Sales/LeadsForm?ContractNumber=MCE-1001');
    await page.getByRole('heading', { name: 'Sales Lead Form', level: 1 }).waitFor();
    await fillContact(page);
    await textbox(page, 'Date of Birth').fill('03/02/1955');

    await page.route('**/api/sales/lead', (route) => route.abort('internetdisconnected'));
    await submitButton(page).click();
    const failure = page.locator('.mantine-Notification-root').filter({ hasText: 'Something went wrong.' });
    await failure.waitFor();
    expect(await failure.locator('.mantine-Notification-description').textContent()).toBe(M.networkFailure);
    await page.unroute('**/api/sales/lead');

    await page.route('**/api/sales/lead', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ ErrorMessages: ['Internal server error'] }) }));
    await failure.waitFor({ state: 'hidden', timeout: 6_000 });
    await submitAndCatch(page, '/sales/lead');
    await page.waitForTimeout(500);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    // Nothing was lost: the visitor can send it again.
    expect(await textbox(page, 'First Name').inputValue()).toBe('Dana');
    await page.unroute('**/api/sales/lead');
  });
});

describe('public employer lead form', () => {
  it('asks for the employer fields, not the date of birth, and submits', async () => {
    await open(page, '/Sales/EmployerForm?ContractNumber=EGD-4100');
    await page.getByRole('heading', { name: 'Employer Lead Form', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Employer Information' }).waitFor();
    await page.getByText(CONSENT_SCRIPT.text, { exact: true }).waitFor();

    await submitButton(page).click();
    await snackbar(page, M.formInvalid).waitFor();
    for (const message of EMPLOYER_REQUIRED) await page.getByText(message, { exact: true }).waitFor();
    expect(await page.getByText(M.birthDateRequired).count()).toBe(0);

    await fillContact(page);
    await textbox(page, 'Company Name').fill('Lakeside Bakery LLC');
    await textbox(page, 'Job Title').fill('Office Manager');
    await textbox(page, 'Number of Employees').pressSequentially('2x4');
    expect(await textbox(page, 'Number of Employees').inputValue()).toBe('24');
    const industry = page.getByRole('combobox', { name: 'Company Industry' });
    const industries = await industry.locator('option').allInnerTexts();
    expect(industries).toHaveLength(21);
    expect(industries[1]).toBe('Accounting / Financial');
    expect(industries[20]).toBe('Wholesale');
    await industry.selectOption('Hospitality / Restaurant');
    await page.getByRole('radiogroup', { name: 'Employees Over 65' }).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('radiogroup', { name: 'Group Coverage' }).getByRole('radio', { name: 'Yes' }).check();

    const sent = await submitAndCatch(page, '/sales/employer');
    expect(sent.status).toBe(201);
    expect(sent.request.postDataJSON()).toMatchObject({
      ContractID: 'EGD-4100',
      CompanyName: 'Lakeside Bakery LLC',
      JobTitle: 'Office Manager',
      NumberOfEmployees: '24',
      EmployeesOver65: 'No',
      CompanyIndustry: 'Hospitality / Restaurant',
      GroupCoverage: 'Yes',
      BirthDate: '',
    });
    await snackbar(page, M.submitted).waitFor();
    expect(await textbox(page, 'Company Name').inputValue()).toBe('');
    expect(new URL(page.url()).searchParams.get('ContractNumber')).toBe('EGD-4100');
  });
});

describe('which form a contract uses', () => {
  it('moves an Employer contract to the employer form and a Medicare contract to the sales form', async () => {
    await open(page, '/Sales/LeadsForm?ContractNumber=EGD-4100');
    await page.getByRole('heading', { name: 'Employer Lead Form', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/Sales/EmployerForm');
    expect(new URL(page.url()).searchParams.get('ContractNumber')).toBe('EGD-4100');

    await open(page, '/Sales/EmployerForm?ContractNumber=MCE-1001');
    await page.getByRole('heading', { name: 'Sales Lead Form', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/Sales/LeadsForm');
  });

  it.each([
    ['an unknown contract number', '/Sales/LeadsForm?ContractNumber=NOPE-0000'],
    ['no contract number', '/Sales/EmployerForm'],
  ])("says 'Oops!' / 'Contract number is invalid.' for %s", async (_, path) => {
    await open(page, path);
    const dialog = page.getByRole('dialog', { name: M.oopsTitle });
    await dialog.waitFor();
    await dialog.getByText(M.contractInvalid, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('on a phone', () => {
  it('fits both forms, with their messages, into 390 px', async () => {
    await page.setViewportSize(PHONE);
    await open(page, '/Sales/LeadsForm?ContractNumber=LQP-3300');
    await page.getByRole('heading', { name: 'Sales Lead Form', level: 1 }).waitFor();
    await expectNothingOverflows(page);
    await submitButton(page).click();
    await page.getByText(M.firstNameRequired, { exact: true }).waitFor();
    await expectNothingOverflows(page);
    await session.screenshot(page, 'sales-leads-form-phone');

    await open(page, '/Sales/EmployerForm?ContractNumber=EGD-4100');
    await page.getByRole('heading', { name: 'Employer Lead Form', level: 1 }).waitFor();
    await submitButton(page).click();
    await page.getByText(M.jobTitleRequired, { exact: true }).waitFor();
    await expectNothingOverflows(page);
    await session.screenshot(page, 'sales-employer-form-phone');
  });
});
