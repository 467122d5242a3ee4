// Agent Information (spec part 3 §2, §4, §5 "Agent edit", §6, §7 PATCH agent): the fields staff may
// change on an agent and their rules, shared by the page's form and the server's body parse.
import { z } from 'zod';
import { ID_PATTERN } from './api/define.ts';
import { dollarsToCents } from './money.ts';

export const AGENT_ADMIN_MESSAGES = {
  saveConfirm: 'Are you sure you want to save changes?',
  notFound: 'No agents found. Please try again later.',
  // The spec gives no texts for these; they say what to fix.
  priorityRange: 'Priority must be a whole number from 1 to 10.',
  creditLineInvalid: `Credit line must be a dollar amount from $0.00 to $${(100_000).toLocaleString('en-US')}.00 with at most two decimals.`,
  readOnlyField: (field: string) => `${field} cannot be changed on Agent Information.`,
  pausedAccount: 'Live Transfer and Third-Party leads can only be turned on while the account is purchasing leads.',
  changedMeanwhile: 'This agent was changed by someone else at the same time. Reload the page and try again.',
  saved: 'Agent saved.',
  saveFailed: 'Unable to save agent',
} as const;

/** Priority picks from 1 to 10 (part 3 §5). */
export const PRIORITIES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** A decision (the spec gives no bound): no agent may buy on credit beyond this. */
export const MAX_CREDIT_LINE_DOLLARS = 100_000;

const onOff = z.union([z.literal(0), z.literal(1)]);

/** Dollars with at most two decimals, 0 to the bound; "normalised to a number" (part 3 §5). */
const creditLine = z.union([z.number(), z.string().trim()]).transform((value, ctx) => {
  // Text is read as dollars the way transfer amounts are (no exponent, hex or third decimal), never through Number().
  let cents = NaN;
  try {
    cents = dollarsToCents(value);
  } catch {
    /* refused below */
  }
  if (!Number.isInteger(cents) || cents < 0 || cents > MAX_CREDIT_LINE_DOLLARS * 100) {
    ctx.addIssue({ code: 'custom', message: AGENT_ADMIN_MESSAGES.creditLineInvalid });
    return z.NEVER;
  }
  return cents / 100;
});

/**
 * PATCH agent: "the full agent with changed Priority, CreditLine, EmailAddress, Address1, City, State,
 * Zip, OrderStatus, LiveTransferStatus, ThirdPartyLeadStatus" (part 3 §7). The page edits priority,
 * credit line and the three statuses; the contact fields are read-only there, so they may be sent
 * (the full agent) but not changed.
 */
export const agentUpdateSchema = z.object({
  AgentId: z.string().regex(ID_PATTERN, 'AgentId must be 1 to 64 letters, digits, dashes or underscores.'),
  Priority: z.number({ error: AGENT_ADMIN_MESSAGES.priorityRange }).int(AGENT_ADMIN_MESSAGES.priorityRange).min(1, AGENT_ADMIN_MESSAGES.priorityRange).max(10, AGENT_ADMIN_MESSAGES.priorityRange).optional(),
  CreditLine: creditLine.optional(),
  OrderStatus: onOff.optional(),
  LiveTransferStatus: onOff.optional(),
  ThirdPartyLeadStatus: z.boolean().optional(),
  EmailAddress: z.string().max(254).optional(),
  Address1: z.string().max(200).optional(),
  City: z.string().max(100).optional(),
  State: z.string().max(2).optional(),
  Zip: z.string().max(10).optional(),
});
export type AgentUpdateInput = z.input<typeof agentUpdateSchema>;
export type AgentUpdate = z.output<typeof agentUpdateSchema>;

/** The contact fields the full agent carries but Agent Information does not change, with their labels. */
export const READ_ONLY_AGENT_FIELDS = { EmailAddress: 'E-mail', Address1: 'Address', City: 'City', State: 'State', Zip: 'Zip code' } as const;
