import { describe, expect, it } from 'vitest';
import { NAME_MESSAGES, nameStepSchema, truncateName } from './step-name.ts';

const messages = (value: unknown) => {
  const parsed = nameStepSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('order name (2§5)', () => {
  it("requires a name: 'Order name is required.'", () => {
    expect(messages({ Description: '' })).toEqual(['Order name is required.']);
    expect(messages({ Description: '   ' })).toEqual([NAME_MESSAGES.required]);
  });

  it('takes at most 50 characters', () => {
    expect(messages({ Description: 'x'.repeat(50) })).toEqual([]);
    expect(messages({ Description: 'x'.repeat(51) })).toEqual([NAME_MESSAGES.tooLong]);
  });

  it("names the step summary 'Missing required fields.'", () => {
    expect(NAME_MESSAGES.missingFields).toBe('Missing required fields.');
  });

  it('truncates what the campaign flow takes to 50 characters', () => {
    expect(truncateName('y'.repeat(70))).toHaveLength(50);
  });
});
