// Step 4, Lead Distribution (2§5, §6): whole percentages over the owner and the active agents of
// their downline, totalling 100; no terminated agent or agent outside the downline may hold a share;
// a live-transfer fund or campaign sends every lead to the owner.
import { z } from 'zod';
import { ORDER_LIMITS, recipientInputSchema } from './order.ts';

export const DISTRIBUTION_MESSAGES = {
  fundTotal: 'Distribution needs to add to 100%.',
  campaignTotal: (total: number) => `Total percentage must be 100% (Current total: ${total}%)`,
  fundTerminated: 'Distribution cannot include terminated agents.',
  campaignTerminated: 'Order Has Termed',
  fundLiveTransfer: 'Distribution can only include yourself.',
  campaignLiveTransfer: 'Order has a live transfer campaign',
  alreadyIn: 'Agent already in distribution.',
  notFound: "Agent selected doesn't exist.",
  duplicate: 'Duplicate agent.',
  /** An agent no longer in the owner's downline holds a share (campaign flow's text; the fund flow shows notFound). */
  campaignReassigned: 'Order Has Reassigned',
  wholeNumber: 'Percentage must be a whole number from 0 to 100.',
} as const;

export const distributionStepSchema = z.object({
  OrderRecipients: z
    .array(recipientInputSchema)
    .min(1)
    .max(ORDER_LIMITS.recipientsMax)
    .refine((r) => new Set(r.map((x) => x.AgentId)).size === r.length, DISTRIBUTION_MESSAGES.duplicate),
});
export type DistributionStepValues = z.input<typeof distributionStepSchema>;

/** An agent the owner may distribute to (2§3 Agent for distribution). */
export interface DistributionAgent {
  AgentId: string;
  /** 1 active, 0 inactive or terminated. */
  Status: number;
}

export interface DistributionContext {
  /** The agent the order belongs to (the saving agent). */
  ownerId: string;
  /** The owner's downline as known now (the owner need not be listed). */
  agents: readonly DistributionAgent[];
  /** A chosen fund or campaign is live transfer. */
  liveTransfer: boolean;
  flow: 'fund' | 'campaign';
}

export const totalPercentage = (recipients: readonly { Percentage: number }[]): number => recipients.reduce((sum, r) => sum + (r.Percentage || 0), 0);

/**
 * The distribution's messages (empty when valid). Valid when (2§5): the sum is 100; no agent absent
 * from the agent list has a positive share; no terminated agent other than the saving agent has a
 * share; with live transfer, only the saving agent.
 */
export function distributionMessages(recipients: readonly { AgentId: string; Percentage: number }[], ctx: DistributionContext): string[] {
  const fund = ctx.flow === 'fund';
  const messages: string[] = [];
  const sharing = recipients.filter((r) => r.Percentage > 0);
  if (ctx.liveTransfer && sharing.some((r) => r.AgentId !== ctx.ownerId)) {
    messages.push(fund ? DISTRIBUTION_MESSAGES.fundLiveTransfer : DISTRIBUTION_MESSAGES.campaignLiveTransfer);
  }
  const known = new Map(ctx.agents.map((a) => [a.AgentId, a]));
  const others = sharing.filter((r) => r.AgentId !== ctx.ownerId);
  if (others.some((r) => !known.has(r.AgentId))) messages.push(fund ? DISTRIBUTION_MESSAGES.notFound : DISTRIBUTION_MESSAGES.campaignReassigned);
  if (others.some((r) => known.get(r.AgentId)?.Status === 0)) messages.push(fund ? DISTRIBUTION_MESSAGES.fundTerminated : DISTRIBUTION_MESSAGES.campaignTerminated);
  const total = totalPercentage(recipients);
  if (total !== 100) messages.push(fund ? DISTRIBUTION_MESSAGES.fundTotal : DISTRIBUTION_MESSAGES.campaignTotal(total));
  return messages;
}

/** Adding an agent to the distribution (2§5): the message, or undefined when it may be added. */
export function addRecipientMessage(agentId: string, current: readonly { AgentId: string }[], agents: readonly DistributionAgent[], ownerId: string): string | undefined {
  if (current.some((r) => r.AgentId === agentId)) return DISTRIBUTION_MESSAGES.alreadyIn;
  if (agentId !== ownerId && !agents.some((a) => a.AgentId === agentId && a.Status === 1)) return DISTRIBUTION_MESSAGES.notFound;
  return undefined;
}

/** The live-transfer rule (2§4): choosing a live-transfer fund resets recipients to the owner at 100%. */
export const ownerOnly = (ownerId: string) => [{ AgentId: ownerId, Percentage: 100 }];

/**
 * Campaign flow (2§5): distribution is editable only by captive-type agents (every type but broker)
 * when more than one active agent exists (new order) or at least one (edit).
 */
export function campaignDistributionEditable(agentType: 0 | 1 | 2 | undefined, activeAgents: number, editing: boolean): boolean {
  if (agentType === 1) return false;
  return editing ? activeAgents >= 1 : activeAgents > 1;
}
