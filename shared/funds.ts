// Fund enumerations and the visibility rule of the Available Funds dialog (spec part 1 §3, §6), shared
// by the server (which enforces it) and the browser (which only displays what it is given).
import { centsToDollars } from './money.ts';

/** Fund channel: Broker 0, Captive 1, Both 2, FirstFamily 3, CaptiveAndFFI 4, BrokerAndFFI 5, All 6, SpecifiedAgents 7. */
export const FUND_CHANNELS = ['Broker', 'Captive', 'Both', 'FirstFamily', 'CaptiveAndFFI', 'BrokerAndFFI', 'All', 'SpecifiedAgents'] as const;

/** Fund category: own company 1, ThirdPartyShared 2, ThirdPartyExclusive 3. */
export const FUND_CATEGORIES = { OwnCompany: 1, ThirdPartyShared: 2, ThirdPartyExclusive: 3 } as const;

/** The label of the provider's own category (the spec's `{product}`). */
export const OWN_COMPANY_CATEGORY_LABEL = 'LeadConnect';
export const categoryLabel = (category: number) => (category === FUND_CATEGORIES.OwnCompany ? OWN_COMPANY_CATEGORY_LABEL : 'Third Party');

/** Agent type: Captive 0, Broker 1, FirstFamily 2. */
export type AgentType = 0 | 1 | 2;

/** Which agent types each channel serves (SpecifiedAgents is decided by the list instead). */
const CHANNEL_TYPES: Record<number, readonly AgentType[]> = {
  0: [1],
  1: [0],
  2: [0, 1],
  3: [2],
  4: [0, 2],
  5: [1, 2],
  6: [0, 1, 2],
  7: [],
};

export interface FundVisibilityInput {
  code: string;
  name: string;
  isActive: boolean;
  startDate: string;
  endDate: string;
  channel: number;
  specifiedAgentIds: readonly string[];
}

/**
 * An agent sees a fund that is active, within its dates, and whose channel matches their type. The
 * dates are whole days (stored as midnight UTC) compared with `today`, the company's day (YYYY-MM-DD,
 * Central), as the funds step and the lead engine count them: a fund is seen on its start day and
 * through its end day, not from 7 pm Central the evening before each (what comparing the stored
 * midnight with the instant did).
 */
export function fundVisibleToAgent(fund: FundVisibilityInput, agent: { agentId: string; type: AgentType }, today: string): boolean {
  if (!fund.isActive || fund.startDate.slice(0, 10) > today || fund.endDate.slice(0, 10) < today) return false;
  if (fund.channel === 7) return fund.specifiedAgentIds.includes(agent.agentId);
  return (CHANNEL_TYPES[fund.channel] ?? []).includes(agent.type);
}

/**
 * The funds list an agent gets: visible funds, de-duplicated by Code (the first by Name wins), sorted
 * by Name. Staff (admins, and the staff who run funds) see every fund, sorted by Name. `today`: the company's day.
 */
export function fundsForViewer<F extends FundVisibilityInput>(funds: readonly F[], viewer: { agentId: string; type: AgentType } | 'staff', today: string): F[] {
  const byName = [...funds].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  if (viewer === 'staff') return byName;
  const seen = new Set<string>();
  return byName.filter((f) => {
    const code = f.code.toLowerCase();
    if (!fundVisibleToAgent(f, viewer, today) || seen.has(code)) return false;
    seen.add(code);
    return true;
  });
}

/** Broker agents pay the broker price; everyone else counts as captive (spec part 1 §1). */
export const priceForType = (prices: { captive: number; broker: number }, type: AgentType | undefined) =>
  type === 1 ? prices.broker : type === undefined ? 0 : prices.captive;

/** No, Some or All of a fund's campaign-vendor links allow disputes (campaign and vendor both must). */
export function disputableStatus(links: readonly { campaignAllows: boolean; vendorAllows: boolean }[]): 'No' | 'Some' | 'All' {
  const allowing = links.filter((l) => l.campaignAllows && l.vendorAllows).length;
  if (allowing === 0) return 'No';
  return allowing === links.length ? 'All' : 'Some';
}

/** The captive and broker prices in dollars, and the one the agent's type pays (both for staff). */
export function agentPrices(item: { captivePriceCents: number; brokerPriceCents: number }, agentType: AgentType | undefined) {
  const CaptivePrice = centsToDollars(item.captivePriceCents);
  const BrokerPrice = centsToDollars(item.brokerPriceCents);
  return { CaptivePrice, BrokerPrice, Price: priceForType({ captive: CaptivePrice, broker: BrokerPrice }, agentType) };
}
