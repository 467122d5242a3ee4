// The vendor curl commands the README and docs/intake-api.md give: each body, as bash builds it, is a
// lead the intake contract takes now, with a consent time taken from the clock (a fixed date in the
// docs would be refused a year later: 'Consent.Timestamp cannot be more than a year old.').
import { describe, expect, it } from 'vitest';
import { intakeLeadBodySchema } from '#shared/api/intake.ts';
import { docCurls } from '../support/doc-curls.ts';

describe('the documented vendor curl commands', () => {
  for (const file of ['README.md', 'docs/intake-api.md']) {
    it(`${file}: each lead body is taken by the intake contract, its consent time the current one`, () => {
      const curls = docCurls(file, '/api/intake/leads');
      expect(curls.length).toBeGreaterThanOrEqual(2);
      for (const curl of curls) {
        const parsed = intakeLeadBodySchema.safeParse(curl.body);
        expect(parsed.error?.issues.map((i) => i.message) ?? []).toEqual([]);
        const consentAt = Date.parse(String((curl.body.Consent as { Timestamp: unknown }).Timestamp));
        expect(Math.abs(Date.now() - consentAt)).toBeLessThan(5 * 60_000);
        expect(curl.headers['content-type']).toBe('application/json');
        expect(curl.headers.authorization).toMatch(/^Bearer lp[vs]_LOCAL_DEMO_ONLY_/);
      }
    });
  }
});
