import { describe, expect, it } from 'vitest';
import { addRecipientMessage, campaignDistributionEditable, distributionMessages, distributionStepSchema, DISTRIBUTION_MESSAGES, ownerOnly } from './step-distribution.ts';

const team = [
  { AgentId: 'A2', Status: 1 },
  { AgentId: 'A3', Status: 0 },
];
const ctx = (over: Partial<Parameters<typeof distributionMessages>[1]> = {}) => ({ ownerId: 'A1', agents: team, liveTransfer: false, flow: 'fund' as const, ...over });

describe('lead distribution (2§5)', () => {
  it("fund flow: 'Distribution needs to add to 100%.'; campaign flow names the total", () => {
    expect(distributionMessages([{ AgentId: 'A1', Percentage: 90 }], ctx())).toEqual(['Distribution needs to add to 100%.']);
    expect(distributionMessages([{ AgentId: 'A1', Percentage: 90 }], ctx({ flow: 'campaign' }))).toEqual(['Total percentage must be 100% (Current total: 90%)']);
  });

  it("refuses a terminated agent with a share: 'Distribution cannot include terminated agents.' / 'Order Has Termed'", () => {
    const r = [{ AgentId: 'A1', Percentage: 50 }, { AgentId: 'A3', Percentage: 50 }];
    expect(distributionMessages(r, ctx())).toEqual(['Distribution cannot include terminated agents.']);
    expect(distributionMessages(r, ctx({ flow: 'campaign' }))).toEqual(['Order Has Termed']);
    expect(distributionMessages([{ AgentId: 'A1', Percentage: 100 }, { AgentId: 'A3', Percentage: 0 }], ctx())).toEqual([]);
  });

  it("refuses an agent outside the downline: fund \"Agent selected doesn't exist.\", campaign 'Order Has Reassigned'", () => {
    const r = [{ AgentId: 'A1', Percentage: 50 }, { AgentId: 'A9', Percentage: 50 }];
    expect(distributionMessages(r, ctx())).toEqual(["Agent selected doesn't exist."]);
    expect(distributionMessages(r, ctx({ flow: 'campaign' }))).toEqual(['Order Has Reassigned']);
  });

  it("with live transfer only the owner: 'Distribution can only include yourself.' / 'Order has a live transfer campaign'", () => {
    const r = [{ AgentId: 'A1', Percentage: 50 }, { AgentId: 'A2', Percentage: 50 }];
    expect(distributionMessages(r, ctx({ liveTransfer: true }))).toEqual(['Distribution can only include yourself.']);
    expect(distributionMessages(r, ctx({ liveTransfer: true, flow: 'campaign' }))).toEqual(['Order has a live transfer campaign']);
    expect(distributionMessages(ownerOnly('A1'), ctx({ liveTransfer: true }))).toEqual([]);
  });

  it('lets the owner hold a share whatever the list says, and an active team member', () => {
    expect(distributionMessages([{ AgentId: 'A1', Percentage: 40 }, { AgentId: 'A2', Percentage: 60 }], ctx())).toEqual([]);
  });

  it("adding an agent: 'Agent already in distribution.' and \"Agent selected doesn't exist.\"", () => {
    expect(addRecipientMessage('A2', [{ AgentId: 'A2' }], team, 'A1')).toBe('Agent already in distribution.');
    expect(addRecipientMessage('A3', [], team, 'A1')).toBe("Agent selected doesn't exist.");
    expect(addRecipientMessage('A2', [], team, 'A1')).toBeUndefined();
  });

  it("refuses a duplicate agent: 'Duplicate agent.', and fractional percentages", () => {
    const dup = distributionStepSchema.safeParse({ OrderRecipients: [{ AgentId: 'A1', Percentage: 50 }, { AgentId: 'A1', Percentage: 50 }] });
    expect(dup.success ? [] : dup.error.issues.map((i) => i.message)).toEqual([DISTRIBUTION_MESSAGES.duplicate]);
    expect(distributionStepSchema.safeParse({ OrderRecipients: [{ AgentId: 'A1', Percentage: 50.5 }] }).success).toBe(false);
    expect(distributionStepSchema.safeParse({ OrderRecipients: [{ AgentId: 'A1', Percentage: 101 }] }).success).toBe(false);
  });

  it('campaign flow: distribution is editable by captive types with more than one active agent (new) or one (edit)', () => {
    expect(campaignDistributionEditable(1, 5, false)).toBe(false);
    expect(campaignDistributionEditable(0, 1, false)).toBe(false);
    expect(campaignDistributionEditable(0, 2, false)).toBe(true);
    expect(campaignDistributionEditable(2, 1, true)).toBe(true);
  });
});
