// The lead engine's pipeline behind `intakeLead` (intake.ts): being built (issue 11).
import { NotImplemented } from '#platform/errors.ts';
import type { IntakeLeadInput, IntakeOutcome } from './intake.ts';

export async function intakeLead(_input: IntakeLeadInput): Promise<IntakeOutcome> {
  throw new NotImplemented();
}
