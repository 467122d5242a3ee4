// Staff edits of funds (spec part 3 §4, §5 Fund form, §7 Funds): create, update, enable and disable.
// Each is one transaction: the fund at the revision the editor read, its code's uniqueness guard when
// the code is new or changed, and the fund history row, so a failure leaves nothing half-written.
// Then the orders buying from the fund have their FundsInactive flag recomputed (a follow-up that is
// safe to repeat: every save or toggle of the fund recomputes it).
import { randomUUID } from 'node:crypto';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { Fund } from '#entities/fund.ts';
import { FundHistory, type FUND_CHANGES } from '#entities/fund-history.ts';
import { FundMakeupHistory } from '#entities/fund-makeup-history.ts';
import { changeUniqueTx, claimUniqueTx, UniqueValue } from '#entities/unique-value.ts';
import { Vendor } from '#entities/vendor.ts';
import { getMany } from '#platform/entity.ts';
import { fundChanged } from '#core/orders/attention.ts';
import { transactWrite, type TxItem } from '#platform/db.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { lower } from '#platform/item-key.ts';
import { atRevision, firstRevision, nextRevision, staleEdit } from '#platform/revision.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { disputableStatus } from '#shared/funds.ts';
import { channelOfToggles, FUND_MESSAGES, midnightOf, startDateProblem, type FundCreateBody, type FundUpdateBody } from '#shared/fund-form.ts';
import { companyDay } from '#shared/time-zones.ts';

export const FUND_NOT_FOUND = 'Fund not found.';
const duplicateCode = () => new ValidationFailed(FUND_MESSAGES.duplicateCode);

/** A fund with what the edit form shows beside it. */
export interface FundDetail {
  fund: Fund;
  agents: { agentId: string; firstName: string; lastName: string }[];
  campaignVendors: { campaignVendorId: string; campaign: string; vendor: string; vendorPriceCents: number; minScore: number }[];
  /** Whether the fund's active links allow disputes (as the funds list derives it). */
  disputable: 'No' | 'Some' | 'All';
}

/** The fund or 404. */
export async function requireFund(fundId: string): Promise<Fund> {
  const fund = await Fund.get({ fundId }, { consistent: true });
  if (!fund) throw new NotFound(FUND_NOT_FOUND);
  return fund;
}

/** The fund with its listed agents' names and the campaign vendors that feed it. */
export async function fundDetail(fund: Fund): Promise<FundDetail> {
  const [agents, links] = await Promise.all([agentsNamed(fund.specifiedAgentIds), CampaignVendorFund.query.ofFund(fund.fundId).all()]);
  const pairs = links.length === 0 ? [] : await CampaignVendor.query.all().all();
  const mine = pairs.filter((p) => links.some((l) => l.campaignVendorId === p.campaignVendorId));
  const [campaigns, vendors] =
    mine.length === 0 ? [[], []] : await Promise.all([Campaign.query.byName().all(), Vendor.query.byName().all()]);
  const active = mine.filter((p) => links.some((l) => l.campaignVendorId === p.campaignVendorId && l.isActive));
  const disputable = disputableStatus(
    active.map((p) => ({
      campaignAllows: campaigns.find((c) => c.campaignId === p.campaignId)?.allowDisputes ?? false,
      vendorAllows: vendors.find((v) => v.vendorId === p.vendorId)?.allowDisputes ?? false,
    })),
  );
  return {
    fund,
    disputable,
    agents: fund.specifiedAgentIds.map((agentId) => agents.get(agentId) ?? { agentId, firstName: '', lastName: '' }),
    campaignVendors: mine.map((p) => ({
      campaignVendorId: p.campaignVendorId,
      campaign: campaigns.find((c) => c.campaignId === p.campaignId)?.name ?? '',
      vendor: vendors.find((v) => v.vendorId === p.vendorId)?.name ?? '',
      vendorPriceCents: p.vendorPriceCents,
      minScore: p.minScore,
    })),
  };
}

async function agentsNamed(agentIds: readonly string[]): Promise<Map<string, { agentId: string; firstName: string; lastName: string }>> {
  const named = new Map<string, { agentId: string; firstName: string; lastName: string }>();
  for (let i = 0; i < agentIds.length; i += 100) {
    const chunk = agentIds.slice(i, i + 100);
    const found = await getMany(Object.fromEntries(chunk.map((agentId) => [agentId, AgentProfile.ref({ agentId })])));
    for (const [agentId, profile] of Object.entries(found))
      if (profile) named.set(agentId, { agentId, firstName: profile.firstName, lastName: profile.lastName });
  }
  return named;
}

/** Specified agents must be on file (the browser only offers agents its search found). */
async function checkAgentsExist(agentIds: readonly string[]): Promise<void> {
  const found = await agentsNamed(agentIds);
  const missing = agentIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw new ValidationFailed(missing.map(FUND_MESSAGES.agentNotFound));
}

/** The stored fund fields of a parsed form body. */
function fieldsOf(body: FundCreateBody) {
  const channel = channelOfToggles(body);
  // The body schema already refused a form without a channel; this keeps the types honest.
  if (channel === undefined) throw new ValidationFailed(FUND_MESSAGES.channelRequired);
  const specified = channel === 7;
  return {
    name: body.Name,
    description: body.Description,
    code: body.Code,
    lineOfBusiness: body.LineOfBusiness,
    category: body.Category,
    channel,
    captivePriceCents: body.CaptivePrice,
    brokerPriceCents: body.BrokerPrice,
    isActive: body.IsActive,
    isLiveTransfer: body.IsLiveTransfer,
    startDate: midnightOf(body.StartDate),
    endDate: midnightOf(body.EndDate),
    // Agents are kept only for a specified-agents fund, once each.
    specifiedAgentIds: specified ? [...new Set(body.AgentIds)] : [],
  };
}

/** The history row of a fund as it is after `change` (every writer, API and seed, builds it here). */
export function fundHistoryRow(fund: Fund, change: (typeof FUND_CHANGES)[number], historyId: string = randomUUID()): FundHistory {
  return {
    fundId: fund.fundId,
    historyId,
    modified: fund.lastUpdated,
    modifiedBy: fund.modifiedBy,
    change,
    revision: fund.revision,
    name: fund.name,
    code: fund.code,
    captivePriceCents: fund.captivePriceCents,
    brokerPriceCents: fund.brokerPriceCents,
    isActive: fund.isActive,
    lineOfBusiness: fund.lineOfBusiness,
    category: fund.category,
    isLiveTransfer: fund.isLiveTransfer,
    channel: fund.channel,
  };
}

const historyTx = (fund: Fund, change: (typeof FUND_CHANGES)[number]): TxItem => FundHistory.createTx(fundHistoryRow(fund, change));

/**
 * Funds written before the guards existed (an older local table) hold their code without a guard
 * item; a code is free only if no other fund uses it either way. The guard item is what makes two
 * concurrent saves of the same code impossible; this read only covers codes older than it.
 */
async function assertCodeFree(code: string, fundId: string): Promise<void> {
  const all = await Fund.query.byName().all();
  if (all.some((f) => f.fundId !== fundId && lower(f.code) === lower(code))) throw duplicateCode();
}

export async function createFund(user: SessionUser, body: FundCreateBody, now = new Date()): Promise<FundDetail> {
  const problem = startDateProblem(body.StartDate, companyDay(now));
  if (problem) throw new ValidationFailed(problem);
  await assertCodeFree(body.Code, '');
  if (body.SpecifyAgents) await checkAgentsExist(body.AgentIds);
  const fund: Fund = { fundId: randomUUID(), ...fieldsOf(body), createdAt: now.toISOString(), ...firstRevision(user, now) };
  await transactWrite([Fund.createTx(fund), claimUniqueTx('FUND_CODE', fund.code, fund.fundId, duplicateCode), historyTx(fund, 'Created')]);
  return fundDetail(fund);
}

export async function updateFund(user: SessionUser, body: FundUpdateBody, now = new Date()): Promise<FundDetail> {
  const stored = await requireFund(body.FundId);
  if (stored.revision !== body.Revision) throw staleEdit();
  const problem = startDateProblem(body.StartDate, companyDay(now), stored.startDate.slice(0, 10));
  if (problem) throw new ValidationFailed(problem);
  if (lower(stored.code) !== lower(body.Code)) await assertCodeFree(body.Code, stored.fundId);
  if (body.SpecifyAgents) await checkAgentsExist(body.AgentIds);
  const fund: Fund = { ...stored, ...fieldsOf(body), ...nextRevision(user, body.Revision, now) };
  await transactWrite([
    Fund.putTx(fund, atRevision(body.Revision)),
    ...(await codeGuardTx(stored, fund.code)),
    historyTx(fund, 'Updated'),
  ]);
  // Orders buying from the fund are flagged (or cleared) when it stops (or starts again) receiving leads.
  await fundChanged(fund.fundId, now);
  return fundDetail(fund);
}

/** The guard items of a save: release the old code and claim the new one; a fund without a guard yet gets one. */
async function codeGuardTx(stored: Fund, code: string): Promise<TxItem[]> {
  const held = await UniqueValue.get({ kind: 'FUND_CODE', value: lower(stored.code) }, { consistent: true });
  if (held?.ownerId === stored.fundId) return changeUniqueTx('FUND_CODE', stored.code, code, stored.fundId, duplicateCode);
  if (lower(stored.code) === lower(code)) return [claimUniqueTx('FUND_CODE', code, stored.fundId, duplicateCode)];
  return changeUniqueTx('FUND_CODE', undefined, code, stored.fundId, duplicateCode);
}

/** Switch a fund on or off; `expected` is the revision the caller read, when it sent one. */
export async function setFundActive(user: SessionUser, fundId: string, isActive: boolean, expected?: number, now = new Date()): Promise<Fund> {
  const stored = await requireFund(fundId);
  if (expected !== undefined && stored.revision !== expected) throw staleEdit();
  const fund: Fund = { ...stored, isActive, ...nextRevision(user, stored.revision, now) };
  await transactWrite([
    Fund.patchTx({ fundId }, { set: { isActive, revision: fund.revision, modifiedBy: fund.modifiedBy, lastUpdated: fund.lastUpdated } }, atRevision(stored.revision)),
    historyTx(fund, isActive ? 'Enabled' : 'Disabled'),
  ]);
  await fundChanged(fundId, now);
  return fund;
}

/** A fund's history, newest first (404 for an unknown fund). */
export async function fundHistory(fundId: string): Promise<FundHistory[]> {
  await requireFund(fundId);
  return FundHistory.query.ofFund(fundId).all({ newestFirst: true });
}

/** A fund's makeup history, newest first (404 for an unknown fund). */
export async function fundMakeupHistory(fundId: string): Promise<FundMakeupHistory[]> {
  await requireFund(fundId);
  return FundMakeupHistory.query.ofFund(fundId).all({ newestFirst: true });
}
