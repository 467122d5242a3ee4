import { describe, expect, it } from 'vitest';
import { distinctZips, REGION_MESSAGES, regionsStepMessage, regionsStepSchemaFor } from './step-regions.ts';
import { ORDER_LIMITS } from './order.ts';

const zips = (...list: string[]) => [{ Key: 'Zip Codes', ZipCodes: list.map((ZipCode) => ({ ZipCode })) }];

describe('select regions (2§5)', () => {
  it("fund flow: 'At least one zip/state is required.' in either mode", () => {
    expect(regionsStepMessage({ StatesOnly: true, States: [], ZipCodes: zips('60601') }, 'fund')).toBe('At least one zip/state is required.');
    expect(regionsStepMessage({ StatesOnly: false, States: [{ StateAbbreviation: 'IL' }], ZipCodes: [] }, 'fund')).toBe(REGION_MESSAGES.fundRequired);
    expect(regionsStepMessage({ StatesOnly: true, States: [{ StateAbbreviation: 'IL' }], ZipCodes: [] }, 'fund')).toBeUndefined();
  });

  it("campaign flow: 'At least one state must be selected.' and 'At least one zip code must be selected.'", () => {
    expect(regionsStepMessage({ StatesOnly: true, States: [], ZipCodes: [] }, 'campaign')).toBe('At least one state must be selected.');
    expect(regionsStepMessage({ StatesOnly: false, States: [], ZipCodes: [] }, 'campaign')).toBe('At least one zip code must be selected.');
  });

  it("gives a zip that is not five digits 'Invalid Zip Code', and a state outside the list its own message", () => {
    const schema = regionsStepSchemaFor('fund');
    const parsed = schema.safeParse({ StatesOnly: false, States: [], ZipCodes: zips('6060') });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toContain('Invalid Zip Code');
    const state = schema.safeParse({ StatesOnly: true, States: [{ StateAbbreviation: 'XX' }], ZipCodes: [] });
    expect(state.success ? [] : state.error.issues.map((i) => i.message)).toEqual(['State must be a two-letter code.']);
  });

  it('counts a zip once across groups, and refuses more than the limit', () => {
    expect(distinctZips([...zips('60601', '60602'), ...zips('60602')])).toEqual(['60601', '60602']);
    const many = Array.from({ length: ORDER_LIMITS.zipCodesMax + 1 }, (_, i) => String(10000 + i));
    expect(regionsStepMessage({ StatesOnly: false, States: [], ZipCodes: [...zips(...many.slice(0, 2500)), ...zips(...many.slice(2500))] }, 'fund')).toBe(REGION_MESSAGES.tooManyZips);
  });

  it("keeps the picker's snackbar texts of §8 word for word", () => {
    expect(REGION_MESSAGES.duplicateZip).toBe('Duplicate zip code.');
    expect(REGION_MESSAGES.zipNotInState).toBe('Zip code entered is not valid for the current selected State.');
    expect(REGION_MESSAGES.statesCleared).toBe('All states cleared.');
    expect(REGION_MESSAGES.zipsCleared).toBe('All zip codes cleared.');
  });
});
