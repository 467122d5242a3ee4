import { describe, expect, it } from 'vitest';
import type { CampaignValidation } from '#entities/campaign-validation.ts';
import { ALWAYS_REQUIRED, requiredFields } from './integration.ts';

const validation = (over: Partial<CampaignValidation>) => ({ minAge: 0, maxAge: 0, ...over }) as CampaignValidation;

describe('the fields a campaign requires (partner Integration)', () => {
  it('are the intake body’s own without criteria', () => {
    expect(requiredFields(undefined)).toEqual([...ALWAYS_REQUIRED]);
  });

  it('add the criteria’s fields, a birth date for an age limit, and the consent certificate when the campaign asks for one', () => {
    const fields = requiredFields(validation({ inEmailRequired: true, minAge: 25, consentCertificateRequired: true }));
    expect(fields).toEqual(expect.arrayContaining(['Email', 'BirthDate', 'Consent.CertificateUrl']));
    expect(fields.at(-1)).toBe('Consent.CertificateUrl');
    expect(requiredFields(validation({ consentCertificateRequired: false }))).not.toContain('Consent.CertificateUrl');
  });
});
