// The lead engine's entry (issue 11): an already-authenticated lead (a vendor's post, or a public form
// submission) runs criteria → dedupe → routing rule → order matching → charging, exactly once per
// source id, and comes back with what happened to it. The vendor API (functions/intake) and the public
// forms (functions/sales) both call `intakeLead`; neither builds a DynamoDB command of its own.

export type { ConsentEvidence, IntakeLeadInput, IntakeOutcome, IntakeResultKind, LeadFields } from './lead-input.ts';
export { intakeLead } from './engine.ts';
