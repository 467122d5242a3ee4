// A lead-engine catalogue for integration tests that sell real leads: one campaign (with its
// validation), a vendor on it with a bearer token (and, if asked, a second vendor that is not), a fund
// linked to the campaign-vendor, agents with a balance and a fund order saved through the orders API,
// and leads sent through the vendor intake route or the engine's `intakeLead` itself.
//
// Call `useLeadFixture(api, options)` at the top of a test file, right after `useApiHarness()`: its
// beforeAll writes the catalogue once the harness has its table, seed and gateway, before the file's
// own beforeAll. Everything a test asserts on (ids, names, codes, prices) is on the returned object.
//
// The engine and the entities are imported when first used, not at load: a file may set environment
// variables (LOCAL_EVENTS_DIR, CALLCENTER_DIR) before anything of the engine reads them.
import { beforeAll, expect } from 'vitest';
import type { AgentProfile } from '#entities/agent-profile.ts';
import type { Campaign } from '#entities/campaign.ts';
import type { CampaignValidation } from '#entities/campaign-validation.ts';
import type { Fund } from '#entities/fund.ts';
import type { ConsentEvidence, IntakeLeadInput, IntakeOutcome, LeadFields } from '#core/leads/intake.ts';
import type { FundOrderBody } from '#shared/orders/payload.ts';
import { agentProfileFixture } from './agent-fixture.ts';
import type { Answer, ApiHarness, Session } from './api-harness.ts';

/** The timestamp the catalogue's items carry. */
const AT = '2026-01-01T00:00:00.000Z';
const FOREVER = { startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z' };

type Cap = 'MaxPerHour' | 'MaxPerDay' | 'MaxPerWeek' | 'MaxPerMonth';

export interface LeadFixtureOptions {
  /** The campaign code's first letter: the code is it and the run id, upper-cased ('T' gives TMIF0K2X1). */
  codeLetter: string;
  /** Put before every id of the catalogue and of the orders ('D' gives DC-…, DV-…, DF-…, DO-…). */
  idPrefix?: string;
  /** The catalogue's names, each followed by the run id (defaults 'Test', 'Vendor', 'Fund'). */
  names?: { campaign?: string; vendor?: string; fund?: string };
  /** In cents, on the campaign-vendor and the fund alike (defaults 500, 2500 and 3000). */
  prices?: { vendorCents?: number; captiveCents?: number; brokerCents?: number };
  /** Campaign fields that differ from an active Health campaign deduping by campaign for 30 days, without retries. */
  campaign?: Partial<Campaign>;
  /** Validation fields that differ (state and zip required, at least 18 years old); false stores no validation. */
  validation?: Partial<CampaignValidation> | false;
  /** Fund fields that differ from an active Health lead fund of category 1 for both channels. */
  fund?: Partial<Fund>;
  /** Also store a second active vendor, with a token of its own, that is not on the campaign. */
  otherVendor?: boolean;
  /** Send every lead to the post target (the default rule at 100 % post, 0 % call center); false leaves the rules alone. */
  routeAllToPost?: boolean;
  /** The agent id of the n-th agent (default `A` + the run id's last three characters + n on three digits). */
  agentId?: (n: number, run: string) => string;
  /** What `agentWithOrder` gives an agent unless the call says otherwise. */
  agentDefaults?: Partial<Pick<AgentWithOrderOptions, 'balanceCents' | 'timeZone' | 'priority' | 'creditLineCents'>>;
  /** The first lead's phone number less one (default 3125550000); each lead takes the next. */
  firstPhone?: number;
  /** Fields of every posted lead (vendor intake body, e.g. StateCode and ZipCode) unless a post says otherwise. */
  postDefaults?: Record<string, unknown>;
}

export interface FundOrderOptions {
  /** The order's first state; `extraStates` adds more (the order takes whole states, no zips). */
  state: string;
  extraStates?: string[];
  /** Who receives the leads (default the buying agent), 100 %. */
  recipientAgentId?: string;
  /** Caps that differ from none per hour, day and week and 1000 a month. */
  caps?: Partial<Record<Cap, number>>;
  /** Default: every half hour of every day. */
  slots?: FundOrderBody['OrderTimeSlots'];
  description?: string;
  /** Do not wait for the engine's candidate rows after the save (a measurement of the save alone). */
  keepCache?: boolean;
}

export interface AgentWithOrderOptions extends Omit<FundOrderOptions, 'recipientAgentId'> {
  /** The agent's home zip (in `state`). */
  zip: string;
  /** Lead money put on the balance as an AgentContribution (default `agentDefaults`, else 0: nothing put). */
  balanceCents?: number;
  /** Default `agentDefaults`, else 0. */
  creditLineCents?: number;
  /** The agent's time zone name as profiles store it (default `agentDefaults`, else Central). */
  timeZone?: string;
  /** Default `agentDefaults`, else 5. */
  priority?: number;
  /** Any other profile fields (e.g. liveTransferStatus). */
  profile?: Partial<AgentProfile>;
  /** A live-transfer phone of this status, stored before the order (default none). */
  liveTransferPhone?: 'Active' | 'Suspended';
  /** Also store a user for the agent and sign it in. */
  withSession?: boolean;
}

export interface AgentWithOrder {
  agentId: string;
  orderId: string;
}

/** The vendor intake route's answer (shared/api/intake.ts). */
export interface PostedLead {
  LeadId: string;
  UserFacingLeadId: number;
  Result: string;
  Reasons?: string[];
}

export interface IntakeOptions {
  /** Lead fields that differ from Pat Lead in Chicago, IL 60601, with the next phone number. */
  lead?: Partial<LeadFields>;
  consent?: ConsentEvidence;
  /** Default: the next vendor lead id of the run. */
  sourceId?: string;
  at?: Date;
}

export interface LeadFixture {
  /** This file's run id (base 36 of the start time), in every id, code and name. */
  readonly run: string;
  readonly ids: { campaign: string; vendor: string; other: string; fund: string; cv: string; cvf: string };
  /** The campaign code vendors post with. */
  readonly code: string;
  readonly names: { campaign: string; vendor: string; fund: string };
  /** The vendors' codes (the id prefix, V or W, and the run id, upper-cased), as ping history names them. */
  readonly vendorCodes: { vendor: string; other: string };
  readonly prices: { vendorCents: number; captiveCents: number; brokerCents: number };
  /** The timestamp the catalogue's items carry. */
  readonly at: string;
  /** The vendor's bearer token, once beforeAll has run. */
  readonly token: string;
  /** The other vendor's bearer token (with `otherVendor`), once beforeAll has run. */
  readonly otherToken: string;
  /** A new agent in `state` with a balance and a fund order of theirs there, saved by an admin through the orders API. */
  agentWithOrder(opts: AgentWithOrderOptions & { withSession: true }): Promise<AgentWithOrder & { session: Session }>;
  agentWithOrder(opts: AgentWithOrderOptions): Promise<AgentWithOrder>;
  /** A fund order of an existing agent's (e.g. a demo agent), saved through the orders API; answers its id. */
  fundOrder(agentId: string, opts: FundOrderOptions): Promise<string>;
  /** Posts a lead to the vendor intake route (POST /api/intake/leads) with the vendor's token or `bearer`. */
  post(over?: Record<string, unknown>, bearer?: string): Promise<Answer<PostedLead>>;
  /** Hands a lead from the vendor straight to the engine's `intakeLead`. */
  intake(opts?: IntakeOptions): Promise<IntakeOutcome>;
  /** The next unused phone number of the run (ten digits). */
  nextPhone(): string;
}

/** Call at the top of a test file, after `useApiHarness()`. */
export function useLeadFixture(api: ApiHarness, options: LeadFixtureOptions): LeadFixture {
  const run = Date.now().toString(36);
  const p = options.idPrefix ?? '';
  const ids = { campaign: `${p}C-${run}`, vendor: `${p}V-${run}`, other: `${p}V2-${run}`, fund: `${p}F-${run}`, cv: `${p}CV-${run}`, cvf: `${p}CVF-${run}` };
  const code = `${options.codeLetter}${run}`.toUpperCase();
  const names = {
    campaign: `${options.names?.campaign ?? 'Test'} ${run}`,
    vendor: `${options.names?.vendor ?? 'Vendor'} ${run}`,
    fund: `${options.names?.fund ?? 'Fund'} ${run}`,
  };
  const vendorCodes = { vendor: `${p}V${run}`.toUpperCase(), other: `${p}W${run}`.toUpperCase() };
  const prices = { vendorCents: 500, captiveCents: 2500, brokerCents: 3000, ...options.prices };
  const agentIdOf = options.agentId ?? ((n: number) => `A${run.slice(-3)}${String(n).padStart(3, '0')}`);
  let token = '';
  let otherToken = '';
  let n = 0;
  let phone = options.firstPhone ?? 3125550000;

  const engine = async () => {
    const { intakeLead } = await import('#core/leads/intake.ts');
    return { intakeLead };
  };

  async function storeCatalogue(): Promise<void> {
    const [{ Campaign }, { CampaignValidation }, { CampaignVendor }, { CampaignVendorFund }, { Fund }, { Vendor }, { VendorToken }, { RoutingRule }, tokens] = await Promise.all([
      import('#entities/campaign.ts'),
      import('#entities/campaign-validation.ts'),
      import('#entities/campaign-vendor.ts'),
      import('#entities/campaign-vendor-fund.ts'),
      import('#entities/fund.ts'),
      import('#entities/vendor.ts'),
      import('#entities/vendor-token.ts'),
      import('#entities/routing-rule.ts'),
      import('#core/catalogue/vendor-token.ts'),
    ]);
    token = tokens.newVendorToken();
    const vendors: [string, string, string, string][] = [[ids.vendor, names.vendor, vendorCodes.vendor, token]];
    if (options.otherVendor) {
      otherToken = tokens.newVendorToken();
      vendors.push([ids.other, `Other ${names.vendor}`, vendorCodes.other, otherToken]);
    }
    const writes: Promise<unknown>[] = [
      Campaign.put({
        campaignId: ids.campaign, name: names.campaign, code, description: 'test', category: 1, lob: 2, leadType: 'Health', crmLob: 'Health', businessOwner: 'x', destination: 'x',
        status: 1, ...FOREVER, allowDisputes: true, isLiveTransfer: false,
        dedupeScope: 'Campaign', dedupeDays: 30, callCenterCheck: 0, callTimeCheck: 30, maxRetries: 0, retryIntervalMinutes: 0, channel: 'Both',
        checkEbureau: false, minScore: 0, modifiedBy: 'test', lastUpdated: AT, revision: 1,
        ...options.campaign,
      }),
      CampaignVendor.put({ campaignVendorId: ids.cv, campaignId: ids.campaign, vendorId: ids.vendor, vendorPriceCents: prices.vendorCents, maxPriceCents: 0, captivePriceCents: prices.captiveCents, brokerPriceCents: prices.brokerCents, checkEbureau: false, minScore: 0, modifiedBy: 'test', lastUpdated: AT, revision: 1 }),
      Fund.put({
        fundId: ids.fund, name: names.fund, description: '', code: `${p}F${run}`, lineOfBusiness: 2, category: 1, channel: 6, captivePriceCents: prices.captiveCents, brokerPriceCents: prices.brokerCents,
        isActive: true, isLiveTransfer: false, ...FOREVER, specifiedAgentIds: [], createdAt: AT, revision: 1, modifiedBy: 'test', lastUpdated: AT,
        ...options.fund,
      }),
      CampaignVendorFund.put({ campaignVendorFundId: ids.cvf, campaignVendorId: ids.cv, fundId: ids.fund, priority: 1, isActive: true, modifiedAt: AT, modifiedBy: 'test' }),
      ...vendors.flatMap(([vendorId, name, vendorCode, t]) => [
        Vendor.put({ vendorId, name, code: vendorCode, description: '', status: 1, createdAt: AT, createdBy: 'test', lastUpdated: AT, archived: false, allowCreditLineUse: true, allowDisputes: true, allowVariablePricing: false, isPartner: false, revision: 1, modifiedBy: 'test', tokenHash: tokens.hashVendorToken(t), tokenLastFour: tokens.lastFourOf(t) }),
        VendorToken.put({ tokenHash: tokens.hashVendorToken(t), vendorId, createdAt: AT, createdBy: 'test' }),
      ]),
    ];
    if (options.validation !== false)
      writes.push(CampaignValidation.put({ campaignId: ids.campaign, campaignValidationId: 'v', addressLine1Required: false, cityRequired: false, stateRequired: true, zipRequired: true, countryRequired: false, inEmailRequired: false, bzEmailRequired: false, inGenderRequired: false, inDobRequired: false, minAge: 18, maxAge: 0, ...options.validation }));
    if (options.routeAllToPost !== false) writes.push(RoutingRule.patch({ ruleId: 'default' }, { set: { callCenterPercent: 0, ppPercent: 100 } }));
    await Promise.all(writes);
  }

  beforeAll(storeCatalogue, 120_000);

  async function fundOrder(agentId: string, o: FundOrderOptions): Promise<string> {
    const { DAYS } = await import('#shared/orders/order.ts');
    const body: FundOrderBody = {
      OrderId: `${p}O-${run}-${++n}`,
      Description: o.description ?? 'test order',
      SelectedFunds: [ids.fund],
      StatesOnly: true,
      States: [o.state, ...(o.extraStates ?? [])].map((StateAbbreviation) => ({ StateAbbreviation })),
      ZipCodes: [],
      MaxPerHour: o.caps?.MaxPerHour ?? 0,
      MaxPerDay: o.caps?.MaxPerDay ?? 0,
      MaxPerWeek: o.caps?.MaxPerWeek ?? 0,
      MaxPerMonth: o.caps?.MaxPerMonth ?? 1000,
      OrderRecipients: [{ AgentId: o.recipientAgentId ?? agentId, Percentage: 100 }],
      OrderTimeSlots: o.slots ?? [{ StartSlot: 0, EndSlot: 48, Days: [...DAYS] }],
    };
    const saved = await api.call('orders.createFundOrder', { params: { agentId }, body, session: await api.sessionFor('admin') });
    expect(saved.status, saved.errors.join()).toBeLessThan(300);
    if (!o.keepCache) await candidatesSettled([body.OrderId]);
    return body.OrderId;
  }

  async function agentWithOrder(o: AgentWithOrderOptions): Promise<AgentWithOrder & { session?: Session }> {
    const [{ registerAgent }, { postEntry }] = await Promise.all([import('#core/directory/agent-registry.ts'), import('#core/money/ledger.ts')]);
    const d = options.agentDefaults ?? {};
    const agentId = agentIdOf(++n, run);
    const profile = agentProfileFixture(agentId, { state: o.state, zip: o.zip, timeZone: o.timeZone ?? d.timeZone ?? 'Central', priority: o.priority ?? d.priority ?? 5, ...o.profile });
    await registerAgent(profile, { creditLineCents: o.creditLineCents ?? d.creditLineCents ?? 0 });
    const balanceCents = o.balanceCents ?? d.balanceCents ?? 0;
    if (balanceCents > 0) await postEntry({ agentId, deltaCents: balanceCents, type: 'AgentContribution', description: 'test money', idempotencyKey: `test:${agentId}` });
    if (o.liveTransferPhone) {
      const { LiveTransferPhone } = await import('#entities/live-transfer-phone.ts');
      await LiveTransferPhone.put({ agentId, primaryPhoneNumber: '3125550199', statusPrimary: o.liveTransferPhone });
    }
    const orderId = await fundOrder(agentId, o);
    if (!o.withSession) return { agentId, orderId };
    const { User } = await import('#entities/user.ts');
    const userId = `U-${agentId}`;
    await User.put({ userId, email: profile.email, name: `${profile.firstName} ${profile.lastName}`, kind: 'agent', agentId, isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, createdAt: AT });
    return { agentId, orderId, session: await api.sessionOf(userId, agentId) };
  }

  /**
   * The engine decides on the projector's candidate rows: the fixture makes the new order's rows from
   * its facts at once, as the seed does (a projector running makes the same rows from the same facts),
   * instead of waiting for the projector after every order. A later change waits with `api.settled()`.
   */
  async function candidatesSettled(orderIds: string[]): Promise<void> {
    const { projectCandidates } = await import('#core/views/candidates-view.ts');
    await projectCandidates(orderIds);
  }

  const nextPhone = () => String(++phone);

  const post = (over: Record<string, unknown> = {}, bearer: string = token) =>
    api.fetch<PostedLead>('POST', '/intake/leads', {
      origin: false,
      headers: { authorization: `Bearer ${bearer}` },
      body: {
        CampaignCode: code,
        VendorLeadId: `${p}VL-${run}-${++n}`,
        FirstName: 'Pat',
        LastName: 'Lead',
        PrimaryPhone: nextPhone(),
        StateCode: 'IL',
        ZipCode: '60601',
        BirthDate: '1970-05-01',
        Consent: { Text: 'I agree to be contacted.', Timestamp: new Date().toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
        ...options.postDefaults,
        ...over,
      },
    });

  async function intake(o: IntakeOptions = {}): Promise<IntakeOutcome> {
    const input: IntakeLeadInput = {
      source: 'vendor',
      campaignId: ids.campaign,
      vendorId: ids.vendor,
      sourceId: o.sourceId ?? `${p}VL-${run}-${++n}`,
      lead: { firstName: 'Pat', lastName: 'Lead', stateCode: 'IL', zipCode: '60601', ...o.lead, primaryPhone: o.lead?.primaryPhone ?? nextPhone() },
      consent: o.consent ?? { text: 'I agree to be contacted.', at: new Date().toISOString(), ip: '203.0.113.5', pageUrl: 'https://example.com/quote' },
      ...(o.at ? { at: o.at } : {}),
    };
    return (await engine()).intakeLead(input);
  }

  return {
    run,
    ids,
    code,
    names,
    vendorCodes,
    prices,
    at: AT,
    get token() {
      return token;
    },
    get otherToken() {
      return otherToken;
    },
    agentWithOrder: agentWithOrder as LeadFixture['agentWithOrder'],
    fundOrder,
    post,
    intake,
    nextPhone,
  };
}
