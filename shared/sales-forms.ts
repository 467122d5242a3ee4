// The public sales and employer lead forms (spec part 3 §3 Sales lead and Employer lead, §4 "Sales
// forms", §5, §8, §9): every field rule and message, the choice lists, the consent script and the
// line-of-business rule, shared by the browser forms and the server, so both say the same words and
// the server stores exactly the consent text the page showed.
import { z } from 'zod';
import type { LEAD_TYPES } from './lookups.ts';

export const SALES_FORM_MESSAGES = {
  // §5, word for word where the spec gives the text; the rest follow its "{Label} is required." form.
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  addressRequired: 'Address is required.',
  birthDateRequired: 'Date of birth is required.',
  phoneRequired: 'Phone is required.',
  cityRequired: 'City is required.',
  stateRequired: 'State is required.',
  zipRequired: 'Zip Code is required.',
  countyRequired: 'County is required.',
  companyNameRequired: 'Company Name is required.',
  jobTitleRequired: 'JobTitle is required.',
  employeesRequired: 'Number of Employees is required.',
  emailInvalid: 'Email is invalid.',
  zipNotFound: 'Zip Code not found.',
  formInvalid: 'Form is invalid.',
  // §8
  submitted: 'Lead has been submitted',
  networkFailure: 'Something went wrong.  Please try again later.',
  oopsTitle: 'Oops!',
  contractInvalid: 'Contract number is invalid.',
  // Not in the spec: the shapes a filled field must have.
  birthDateInvalid: 'Date of birth must be a real date written MM/DD/YYYY.',
  phoneInvalid: 'Phone must be a 10-digit number.',
  alternatePhoneInvalid: 'Alternate Phone must be a 10-digit number.',
  zipInvalid: 'Zip Code must be 5 digits.',
  employeesDigits: 'Number of Employees must contain digits only.',
  notesTooLong: 'Notes cannot be longer than 1000 characters.',
  contactTimeInvalid: 'Contact Time is not one of the choices.',
  contactDayInvalid: 'Contact Day is not one of the choices.',
  industryInvalid: 'Company Industry is not one of the choices.',
  yesNoInvalid: 'Choose Yes or No.',
  tooLong: 'This field is too long.',
  // The abuse guards (docs/api.md Decisions "Public forms").
  tooManyRequests: 'Too many requests from your network. Please wait a minute and try again.',
  bodyTooLarge: 'The form sent is too large.',
} as const;

/** §9 and §5: notes at most 1000 characters; the field ignores typing beyond. */
export const NOTES_MAX = 1000;
/** §9: the success snackbar hides after 3 s. */
export const SALES_SNACKBAR_MS = 3000;

/** §9 contact time options. */
export const CONTACT_TIMES = ['Before 8am', '8am-10am', '10am-12pm', '12pm-2pm', '2pm-4pm', '4pm-6pm', 'After 6pm'] as const;
/** §9 contact days: Monday to Sunday. */
export const CONTACT_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/**
 * §9: "20 options from Accounting / Financial to Wholesale (full list not shown)"; the eighteen
 * between are ours, alphabetical like the ends the spec names.
 */
export const COMPANY_INDUSTRIES = [
  'Accounting / Financial',
  'Advertising / Marketing',
  'Agriculture',
  'Automotive',
  'Construction',
  'Education',
  'Engineering',
  'Entertainment / Recreation',
  'Government',
  'Healthcare / Medical',
  'Hospitality / Restaurant',
  'Insurance',
  'Legal',
  'Manufacturing',
  'Non-Profit',
  'Real Estate',
  'Retail',
  'Technology',
  'Transportation / Logistics',
  'Wholesale',
] as const;
export const YES_NO = ['Yes', 'No'] as const;

/**
 * The consent script shown above Submit and stored with every submission (the spec names it without
 * its words). Change the text and the version together: a stored lead keeps the version it was shown.
 */
export const CONSENT_SCRIPT = {
  version: '2026-11-01',
  text:
    'By clicking Submit, I agree that Lead Portal and the licensed insurance agents it works with may contact me about ' +
    'health, life, Medicare or group insurance at the phone numbers and e-mail address I gave above, including by ' +
    'automatically dialed or prerecorded calls and by text messages, even if my number is on a do-not-call list. ' +
    'My consent is not a condition of any purchase. Message and data rates may apply, and I may withdraw my consent ' +
    'at any time.',
} as const;

/**
 * The hidden field real visitors never see or fill (bots fill every input). A filled one is answered
 * like a success and nothing is stored (docs/api.md Decisions "Public forms").
 */
export const HONEYPOT_FIELD = 'Website';

// ---------------------------------------------------------------------------------------------
// Which form a contract's line of business uses (§4)

export type LineOfBusinessName = (typeof LEAD_TYPES)[number]['Name'];
export type SalesFormKind = 'LeadsForm' | 'EmployerForm';

/** Health, Life or Medicare: the core form; Employer: the employer form; anything else: none ('Oops!'). */
export function formForLineOfBusiness(lob: string | null | undefined): SalesFormKind | null {
  if (lob === 'Health' || lob === 'Life' || lob === 'Medicare') return 'LeadsForm';
  if (lob === 'Employer') return 'EmployerForm';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Input masks (§5): date of birth 99/99/9999, phone (999) 999-9999

/** Fills a mask of 9s with the digits typed (anything else is dropped); stops at the last digit. */
export function applyDigitMask(mask: string, raw: string): string {
  const digits = raw.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= digits.length) break;
    if (slot === '9') out += digits[next++];
    else out += slot;
  }
  return out;
}

export const BIRTH_DATE_MASK = '99/99/9999';
export const PHONE_MASK = '(999) 999-9999';
export const maskBirthDate = (raw: string) => applyDigitMask(BIRTH_DATE_MASK, raw);
/** A pasted +1 or leading 1 is the country code, not the area code. */
export const maskPhone = (raw: string) => {
  const digits = raw.replace(/\D/g, '');
  return applyDigitMask(PHONE_MASK, digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits);
};
/** Number of Employees takes digits only, at most seven. */
export const digitsOnly = (raw: string) => raw.replace(/\D/g, '').slice(0, 7);

const phoneDigits = (text: string) => text.replace(/\D/g, '');

/** MM/DD/YYYY, a real calendar day, from 1900 to today. */
export function isBirthDate(text: string, today = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return false;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return year >= 1900 && date.getTime() <= today.getTime();
}

// ---------------------------------------------------------------------------------------------
// The schemas (the wire shape is the spec's PascalCase fields of §3)

const M = SALES_FORM_MESSAGES;
const text = (max: number) => z.string().trim().max(max, M.tooLong);
const required = (message: string, max: number) => z.string(message).trim().min(1, { error: message, abort: true }).max(max, { error: M.tooLong, abort: true });
/** An optional text field: missing, or empty, is ''. */
const optional = (max: number) => text(max).optional().default('');
const optionalChoice = <T extends readonly [string, ...string[]]>(choices: T, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (choices as readonly string[]).includes(v), message)
    .optional()
    .default('');

const phone = (requiredMessage: string, invalidMessage: string) =>
  required(requiredMessage, 20).refine((v) => phoneDigits(v).length === 10, invalidMessage).transform(phoneDigits);
const optionalPhone = (invalidMessage: string) =>
  text(20)
    .refine((v) => v === '' || phoneDigits(v).length === 10, invalidMessage)
    .transform(phoneDigits)
    .optional()
    .default('');

const birthDate = required(M.birthDateRequired, 10).refine((v) => isBirthDate(v), M.birthDateInvalid);
const optionalBirthDate = text(10)
  .refine((v) => v === '' || isBirthDate(v), M.birthDateInvalid)
  .optional()
  .default('');

/** The fields both forms share; the server fills City, County and State from the zip again. */
const contactShape = {
  /** The contract number of the page's ?ContractNumber= (ContractID in §3). */
  ContractID: z.string(M.contractInvalid).trim().min(1, M.contractInvalid).max(64, M.contractInvalid),
  FirstName: required(M.firstNameRequired, 50),
  LastName: required(M.lastNameRequired, 50),
  Address: required(M.addressRequired, 100),
  AddressLine2: optional(100),
  City: required(M.cityRequired, 60),
  County: required(M.countyRequired, 60),
  State: required(M.stateRequired, 2),
  ZipCode: required(M.zipRequired, 5).refine((v) => /^\d{5}$/.test(v), M.zipInvalid),
  Phone: phone(M.phoneRequired, M.phoneInvalid),
  AlternatePhone: optionalPhone(M.alternatePhoneInvalid),
  Email: text(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, M.emailInvalid)
    .optional()
    .default(''),
  ContactTime: optionalChoice(CONTACT_TIMES, M.contactTimeInvalid),
  ContactDay: optionalChoice(CONTACT_DAYS, M.contactDayInvalid),
  // Not trimmed: the counter counts what the visitor typed.
  Notes: z.string().max(NOTES_MAX, M.notesTooLong).optional().default(''),
  /** The page the visitor submitted from (consent evidence); the server keeps it only when it is a web address. */
  PageUrl: z.string().max(2000).optional().default(''),
  /** The honeypot: real visitors leave it empty. */
  [HONEYPOT_FIELD]: z.string().max(2000).optional().default(''),
};

/** POST sales/lead: the core form (Health, Life, Medicare). */
export const salesLeadSchema = z.object({ ...contactShape, BirthDate: birthDate });

/** POST sales/employer: the same contact fields (BirthDate optional) and the employer's. */
export const employerLeadSchema = z.object({
  ...contactShape,
  BirthDate: optionalBirthDate,
  JobTitle: required(M.jobTitleRequired, 100),
  CompanyName: required(M.companyNameRequired, 100),
  NumberOfEmployees: required(M.employeesRequired, 7).refine((v) => /^\d+$/.test(v), M.employeesDigits),
  EmployeesOver65: optionalChoice(YES_NO, M.yesNoInvalid),
  CompanyIndustry: optionalChoice(COMPANY_INDUSTRIES, M.industryInvalid),
  GroupCoverage: optionalChoice(YES_NO, M.yesNoInvalid),
});

export type SalesLeadInput = z.input<typeof salesLeadSchema>;
export type SalesLead = z.output<typeof salesLeadSchema>;
export type EmployerLeadInput = z.input<typeof employerLeadSchema>;
export type EmployerLead = z.output<typeof employerLeadSchema>;

/** The answer of both POSTs: the stored submission's id. */
export const publicLeadCreatedSchema = z.object({ LeadId: z.string() });

/** GET sales/lob/{contractNumber}: the campaign's line of business and the form it uses (null: none). */
export const salesLobSchema = z.object({
  ContractNumber: z.string(),
  LineOfBusiness: z.string(),
  Form: z.enum(['LeadsForm', 'EmployerForm']).nullable(),
});
export type SalesLob = z.infer<typeof salesLobSchema>;
