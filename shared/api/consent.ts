// The consent evidence a lead carries (issue 24, "Consent certificates"), as the lead's pages show it to
// staff (All Leads' lead) and to the agent who bought it (My Leads): the text the consumer saw and its
// version, when, from which IP and page, and the TrustedForm-style certificate link when one was sent.
import { z } from 'zod';

export const consentEvidenceSchema = z.object({
  Text: z.string(),
  /** The consent text's version (the vendor's Consent.TextVersion, a form's script version); null when none was given. */
  TextVersion: z.string().nullable(),
  /** UTC ISO time the consumer agreed. */
  At: z.string(),
  Ip: z.string(),
  PageUrl: z.string(),
  /** The consent certificate (TrustedForm-style) URL; null when none was sent. */
  CertificateUrl: z.string().nullable(),
});
export type ConsentEvidenceDto = z.infer<typeof consentEvidenceSchema>;

/** A stored lead's consent as the pages show it. */
export const consentDtoOf = (consent: { text: string; textVersion?: string | undefined; at: string; ip: string; pageUrl: string; certificateUrl?: string | undefined }): ConsentEvidenceDto => ({
  Text: consent.text,
  TextVersion: consent.textVersion ?? null,
  At: consent.at,
  Ip: consent.ip,
  PageUrl: consent.pageUrl,
  CertificateUrl: consent.certificateUrl ?? null,
});
