// The lead engine's entry (issue 11): an already-authenticated lead (a vendor's post, or a public form
// submission) runs criteria → dedupe → routing rule → order matching → charging, exactly once per
// source id, and comes back with what happened to it. The vendor API (functions/intake) and the public
// forms (functions/sales) both call `intakeLead`; neither builds a DynamoDB command of its own. Each
// decision is counted by outcome (LeadOutcome) and timed (LeadDecisionLatency), and its outcome
// annotates the X-Ray trace.
import { emit } from '#platform/metrics.ts';
import { annotate } from '#platform/tracer.ts';
import { intakeLead as decideLead } from './engine.ts';
import type { IntakeLeadInput, IntakeOutcome } from './lead-input.ts';
import { RESULT_REASONS } from './record.ts';

export type { ConsentEvidence, IntakeLeadInput, IntakeOutcome, IntakeResultKind, LeadFields } from './lead-input.ts';

const CALL_CENTER = RESULT_REASONS.callCenter('').replace(/\.$/, '');

/** Decides a lead and stores the outcome (engine.ts), counted and timed. */
export async function intakeLead(input: IntakeLeadInput): Promise<IntakeOutcome> {
  const started = performance.now();
  const outcome = await decideLead(input);
  const name = outcomeName(outcome);
  annotate('outcome', name);
  emit({ Outcome: name, Source: input.vendorId ? 'vendor' : 'form' }, { leadOutcome: 1, leadDecisionLatency: performance.now() - started });
  return outcome;
}

/** sold, unsold, callCenter, duplicate, rejected (stored), invalid (refused by the criteria, not stored) or replayed. */
export function outcomeName(outcome: IntakeOutcome): string {
  if (outcome.status === 'invalid') return 'invalid';
  if (outcome.replayed) return 'replayed';
  if (outcome.result === 'unsold' && outcome.reasons?.some((r) => r.startsWith(CALL_CENTER))) return 'callCenter';
  return outcome.result;
}
