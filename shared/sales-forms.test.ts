import { describe, expect, it } from 'vitest';
import {
  applyDigitMask,
  COMPANY_INDUSTRIES,
  digitsOnly,
  employerLeadSchema,
  formForLineOfBusiness,
  isBirthDate,
  maskBirthDate,
  maskPhone,
  SALES_FORM_MESSAGES as M,
  salesLeadSchema,
} from './sales-forms.ts';

const lead = {
  ContractID: 'HWI-2040',
  FirstName: 'Dana',
  LastName: 'Visitor',
  Address: '1 Main St',
  City: 'Chicago',
  County: 'Cook',
  State: 'IL',
  ZipCode: '60606',
  BirthDate: '04/12/1961',
  Phone: '(312) 555-0142',
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('public form rules', () => {
  it('sends Health, Life and Medicare to the sales form, Employer to the employer form, anything else nowhere', () => {
    expect(['Health', 'Life', 'Medicare', 'Employer', 'Supplemental', '', undefined].map(formForLineOfBusiness)).toEqual([
      'LeadsForm',
      'LeadsForm',
      'LeadsForm',
      'EmployerForm',
      null,
      null,
      null,
    ]);
  });

  it('masks a date of birth as 99/99/9999 and a phone as (999) 999-9999, dropping what is not a digit', () => {
    expect(maskBirthDate('04121961')).toBe('04/12/1961');
    expect(maskBirthDate('04/1')).toBe('04/1');
    expect(maskBirthDate('0412196199')).toBe('04/12/1961');
    expect(maskPhone('312.555.0142')).toBe('(312) 555-0142');
    expect(maskPhone('+1 (312) 555-0142')).toBe('(312) 555-0142');
    expect(maskPhone('312')).toBe('(312');
    expect(applyDigitMask('99-99', 'a1b2c3')).toBe('12-3');
    expect(digitsOnly('1,2a0')).toBe('120');
  });

  it('takes only real past days from 1900 as a date of birth', () => {
    const today = new Date('2026-11-25T12:00:00Z');
    expect(isBirthDate('02/29/1960', today)).toBe(true);
    expect(isBirthDate('02/29/1961', today)).toBe(false);
    expect(isBirthDate('13/01/1961', today)).toBe(false);
    expect(isBirthDate('01/01/1899', today)).toBe(false);
    expect(isBirthDate('01/01/2027', today)).toBe(false);
    expect(isBirthDate('1/1/1961', today)).toBe(false);
  });

  it('offers twenty company industries from Accounting / Financial to Wholesale', () => {
    expect(COMPANY_INDUSTRIES).toHaveLength(20);
    expect([COMPANY_INDUSTRIES[0], COMPANY_INDUSTRIES[19]]).toEqual(['Accounting / Financial', 'Wholesale']);
  });

  it('gives one message per blank required field, and stores a phone as its ten digits', () => {
    expect(messagesOf(salesLeadSchema.safeParse({ ...lead, FirstName: ' ', BirthDate: '' }))).toEqual([M.firstNameRequired, M.birthDateRequired]);
    expect(salesLeadSchema.parse(lead).Phone).toBe('3125550142');
  });

  it("refuses an e-mail that is given but invalid with 'Email is invalid.', and takes none at all", () => {
    expect(messagesOf(salesLeadSchema.safeParse({ ...lead, Email: 'dana@' }))).toEqual([M.emailInvalid]);
    expect(salesLeadSchema.safeParse(lead).success).toBe(true);
  });

  it("asks the employer form for JobTitle ('JobTitle is required.') but not for a date of birth", () => {
    const employer = { ...lead, BirthDate: '', CompanyName: 'Lakeside', NumberOfEmployees: '24' };
    expect(messagesOf(employerLeadSchema.safeParse(employer))).toEqual([M.jobTitleRequired]);
    expect(messagesOf(employerLeadSchema.safeParse({ ...employer, JobTitle: 'Owner', NumberOfEmployees: '2 4' }))).toEqual([M.employeesDigits]);
  });
});
