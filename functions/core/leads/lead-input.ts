// What a lead brings into the engine and what it is answered (issue 11): the shapes `intakeLead`
// (intake.ts) takes and returns, in their own module so the engine, its rules and providers, and the
// entry all use them without importing each other.
import type { ReadAhead } from '#platform/db.ts';
import type { ContactsAhead } from './dedupe.ts';
import type { HeldCatalogue } from './held-catalogue.ts';
import type { CampaignContext } from './validate.ts';

/** The person a lead is about, as the Lead entity (spec part 3 §3) names the fields. */
export interface LeadFields {
  firstName: string;
  lastName: string;
  email?: string;
  /** Digits only (10); the caller strips the mask. */
  primaryPhone: string;
  address1?: string;
  city?: string;
  /** Two-letter state code. */
  stateCode: string;
  /** Five digits. */
  zipCode: string;
  /** YYYY-MM-DD. */
  birthDate?: string;
  gender?: 'M' | 'F' | 'U';
  /** The vendor's own score, kept as sent. */
  score?: number;
  universalLeadId?: string;
  affiliateCode?: string;
  /** Form leads: the business e-mail of an employer lead (CampaignValidation Bz_EmailRequired). */
  businessEmail?: string;
  /** Form leads: free text kept with the lead. */
  notes?: string;
}

/** Evidence of the consumer's consent, kept with the lead (never changed after intake). */
export interface ConsentEvidence {
  /** The consent text the consumer saw. */
  text: string;
  /** The consent text's version (a vendor's Consent.TextVersion, a form's script version). */
  textVersion?: string;
  /** When they agreed (ISO-8601). */
  at: string;
  ip: string;
  pageUrl: string;
  certificateUrl?: string;
}

/** What the vendor API read of the catalogue to let a vendor's post in (vendor-intake.ts `admitVendorPost`): the engine does not read it again. */
export interface AdmittedPost {
  catalogue: HeldCatalogue | undefined;
  /** The campaign's catalogue for the posting vendor (with their pair). */
  context: CampaignContext;
}

export interface IntakeLeadInput {
  source: 'vendor' | 'publicForm';
  campaignId: string;
  /** The posting vendor; none for a public form lead. */
  vendorId?: string;
  /**
   * The source's own id of this lead (a vendor's VendorLeadId, a form submission's id): a second call
   * with the same source, vendor and id returns the first answer and writes nothing.
   */
  sourceId: string;
  lead: LeadFields;
  consent: ConsentEvidence;
  /** Defaults to now (tests and the bench pass a fixed arrival). */
  at?: Date;
  /** A vendor's post: the catalogue the vendor API read to let it in. */
  admitted?: AdmittedPost;
  /** What the request read ahead (vendor-intake.ts `postAhead`): the lead if stored (a replay), the state's candidate versions, the contacts. */
  ahead?: LeadAhead;
}

/** What a vendor's post read ahead of the engine, beside its token (vendor-intake.ts `postAhead`). */
export interface LeadAhead {
  reads?: ReadAhead;
  /** The earlier leads of the post's phone and e-mail over the longest dedupe window. */
  contacts?: ContactsAhead;
}

export type IntakeResultKind = 'sold' | 'unsold' | 'duplicate' | 'rejected';

export type IntakeOutcome =
  /** The lead was stored; `result` says what became of it. */
  | { status: 'accepted'; leadId: string; userFacingLeadId: number; result: IntakeResultKind; reasons?: string[]; replayed: boolean }
  /** The campaign's criteria refuse the fields (the vendor API answers 400 with these messages); nothing is stored. */
  | { status: 'invalid'; errorMessages: string[] };
