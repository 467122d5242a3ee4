import { describe, expect, it } from 'vitest';
import { campaignsStepSchema, FUND_STEP_MESSAGES, fundReceivesLeads, fundsStepMessage, fundsStepSchema, vendorsStepSchema } from './step-funds.ts';

const issues = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error!.issues.map((i) => i.message);
};
const today = '2026-06-15';
const fund = (id: string, over: Partial<{ IsActive: boolean; StartDate: string; EndDate: string }> = {}) => ({ FundId: id, IsActive: true, StartDate: '2026-01-01T00:00:00.000Z', EndDate: '2026-12-31T00:00:00.000Z', ...over });

describe('select funds (2§5)', () => {
  it("needs one fund: 'At least one fund must is required.' (the spec's words)", () => {
    expect(issues(fundsStepSchema, { SelectedFunds: [] })).toEqual(['At least one fund must is required.']);
    expect(fundsStepMessage([], [], today)).toBe(FUND_STEP_MESSAGES.required);
  });

  it('refuses an inactive, not yet started, expired or unknown fund with the remove-inactive text', () => {
    const text = 'Inactive or expired funds will not receive leads. Please remove inactive funds before proceeding';
    expect(fundsStepMessage(['a'], [fund('a', { IsActive: false })], today)).toBe(text);
    expect(fundsStepMessage(['a'], [fund('a', { StartDate: '2026-07-01' })], today)).toBe(text);
    expect(fundsStepMessage(['a'], [fund('a', { EndDate: '2026-06-14' })], today)).toBe(text);
    expect(fundsStepMessage(['b'], [fund('a')], today)).toBe(text);
    expect(fundsStepMessage(['a'], [fund('a')], today)).toBeUndefined();
  });

  it('counts the first and the last day of a fund as receiving leads', () => {
    expect(fundReceivesLeads(fund('a', { StartDate: today, EndDate: today }), today)).toBe(true);
  });

  it('refuses a fund listed twice', () => {
    expect(issues(fundsStepSchema, { SelectedFunds: ['a', 'a'] })).toEqual(['A fund is listed twice.']);
  });
});

describe('campaign flow lead types and vendors (2§5)', () => {
  it("needs a lead type: 'At least one lead type must be selected.'", () => {
    expect(issues(campaignsStepSchema, { Campaigns: [] })).toEqual(['At least one lead type must be selected.']);
  });

  it("needs a vendor for every lead type: 'At least one vendor must be selected.'", () => {
    expect(issues(vendorsStepSchema, { Campaigns: [{ CampaignId: 'c1', VendorIds: [] }] })).toEqual(['At least one vendor must be selected.']);
    expect(issues(vendorsStepSchema, { Campaigns: [{ CampaignId: 'c1', VendorIds: ['v1'] }] })).toEqual([]);
  });
});
