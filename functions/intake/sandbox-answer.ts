// A lead posted with the vendor's sandbox token (issue 24): decided by core/leads/sandbox.ts in place
// of the engine, with the same input, and answered with what would have happened (Sandbox: true).
import type { IntakeLeadInput } from '#core/leads/intake.ts';
import { sandboxLead } from '#core/leads/sandbox.ts';
import type { SandboxLeadAnswer } from '#shared/api/intake.ts';
import { centsToDollars } from '#shared/money.ts';

/** The sandbox's decision, or the criteria's refusal (400) as the engine gives it. */
export async function answerSandbox(input: IntakeLeadInput): Promise<{ status: 'invalid'; errorMessages: string[] } | { status: 'accepted'; sandbox: SandboxLeadAnswer }> {
  if (!input.vendorId) throw new Error('a sandbox lead comes from a vendor');
  const outcome = await sandboxLead({ ...input, vendorId: input.vendorId });
  if (outcome.status === 'invalid') return outcome;
  return {
    status: 'accepted',
    sandbox: {
      LeadId: outcome.leadId,
      Sandbox: true,
      Result: outcome.result,
      ...(outcome.reasons?.length ? { Reasons: outcome.reasons } : {}),
      ...(outcome.vendorPriceCents !== undefined ? { VendorPrice: centsToDollars(outcome.vendorPriceCents) } : {}),
      ...(outcome.sales !== undefined ? { Sales: outcome.sales } : {}),
    },
  };
}
