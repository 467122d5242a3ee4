// Demo activity for the local stack (`npm start`, `npm run reset`, `npm run seed`; never the test
// stacks): about two hundred leads over the last 30 days posted by the demo vendors through the real
// lead engine (`intakeLead` with a past arrival time), so some sell to the demo agents' orders and
// charge them through the ledger, others end unsold, duplicate or at the call center; a few sales are
// disputed through the real dispute functions (one left Submitted for the staff queue); and a handful
// of live-transfer pings are recorded through the ping function. Nothing here writes a lead, ledger
// or aggregate item itself.
//
// Deterministic: the plan comes from a seeded random stream and the seed's day. Idempotent: every
// lead has a fixed VendorLeadId (the engine answers a repeat with its first answer and writes
// nothing), top-ups have idempotency keys, a repeated dispute or decision answers the stored one, and
// a ping already recorded at its planned moment is not sent again; a run that finds the plan's last
// ping recorded (the activity finished before) returns at once.
import { postEntry } from '#core/money/ledger.ts';
import { intakeLead, type IntakeLeadInput } from '#core/leads/intake.ts';
import { RESULT_REASONS } from '#core/leads/engine.ts';
import { decideDispute, submitDispute } from '#core/leads/disputes.ts';
import { pingCampaign } from '#core/leads/ping.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { Ping } from '#entities/ping.ts';
import { Vendor } from '#entities/vendor.ts';
import { DEMO_AGENT_IDS } from './demo-users.ts';
import { stableId } from './ids.ts';
import { seededRandom, type Random } from './random.ts';

const DEMO_SEED = 20_251_126;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Leads planned (a few are refused by the campaign's criteria never; all are stored). */
export const DEMO_LEAD_COUNT = 220;
const DEMO_PING_COUNT = 12;
/**
 * The activity's days before the seed's day: each demo agent's top-up is this many days back, its
 * leads arrive after it; the demo agents' seeded history ends before it (seed/index.ts).
 */
export const DEMO_ACTIVITY_DAYS = 31;
/** Each demo agent's top-up before the activity, so the orders can buy for a month. */
export const DEMO_TOP_UP_CENTS = 250_000;
const STAFF_DECIDER = 'manager@leadportal.example.com';

/** Where leads come from: a campaign and vendor (by code) and the places they post for. */
interface Stream {
  campaign: string;
  vendor: string;
  weight: number;
  places: [state: string, zip: string, area: string][];
  medicare?: boolean;
  employer?: boolean;
}

// The demo orders (orders.ts) buy HWL from ACME and BLUE (IL, WI, IN; through Health Exclusive in
// TX, OK, CO, NY, NJ, GA; First Family Health in OH), MIB from ACME (Medicare Shared: TX, OK), SUP
// from ACME (the Pilot fund: MI) and EMR from Northwind (Employer Groups: CA, OR, WA). FL has no
// order: its leads stay unsold or go to the call center.
const STREAMS: Stream[] = [
  {
    campaign: 'HWL', vendor: 'ACME', weight: 9,
    places: [['IL', '60601', '312'], ['IL', '60605', '312'], ['WI', '53202', '414'], ['IN', '46204', '317'], ['TX', '75201', '214'], ['OK', '73102', '405'], ['CO', '80202', '303'], ['NY', '10001', '212'], ['NJ', '07102', '973'], ['GA', '30303', '404'], ['FL', '33130', '305']],
  },
  { campaign: 'HWL', vendor: 'BLUE', weight: 5, places: [['IL', '60602', '312'], ['OH', '43215', '614'], ['CO', '80202', '303'], ['NY', '10001', '212'], ['WI', '53202', '414']] },
  { campaign: 'MIB', vendor: 'ACME', weight: 3, medicare: true, places: [['TX', '75201', '214'], ['OK', '73102', '405'], ['NY', '10001', '212']] },
  { campaign: 'SUP', vendor: 'ACME', weight: 2, places: [['MI', '48226', '313'], ['IL', '60601', '312']] },
  { campaign: 'EMR', vendor: 'NWD', weight: 2, employer: true, places: [['CA', '90012', '213'], ['OR', '97204', '503'], ['WA', '98101', '206']] },
];

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Mia', 'Mateo', 'Grace', 'Hiro', 'Nadia', 'Tomas', 'Leah', 'Andre', 'Rosa', 'Yusuf', 'Ines', 'Caleb'];
const LAST = ['Parker', 'Reyes', 'Bennett', 'Okafor', 'Sullivan', 'Novak', 'Tran', 'Castillo', 'Hughes', 'Patel', 'Fischer', 'Morales', 'Kim', 'Duarte', 'Brooks', 'Ivanova', 'Mendez', 'Shah', 'Olsen', 'Ward'];

interface PlannedLead {
  input: IntakeLeadInput;
  /** Its vendor and campaign accept disputes (HWL, MIB, SUP from ACME or BLUE). */
  disputable: boolean;
}

interface PlannedPing {
  campaignCode: string;
  vendorCode: string;
  callerId: string;
  stateCode: string;
  zipCode: string;
  at: Date;
}

export interface DemoActivityResult {
  /** False when the activity had finished before (nothing was sent). */
  ran: boolean;
  counts: Record<string, number>;
}

const campaignIdOf = (code: string) => stableId('campaign', code);
const vendorIdOf = (code: string) => stableId('vendor', code);

function pickStream(random: Random): Stream {
  const total = STREAMS.reduce((s, x) => s + x.weight, 0);
  let roll = random.next() * total;
  for (const s of STREAMS) if ((roll -= s.weight) < 0) return s;
  return STREAMS[0]!;
}

/** A moment `daysBack` days before `today`, mostly in US business hours (14:00–23:30 UTC). */
function momentOf(today: Date, random: Random): Date {
  const daysBack = random.int(1, 30);
  const minute = random.chance(0.85) ? random.int(14 * 60, 23 * 60 + 30) : random.int(0, 24 * 60 - 1);
  return new Date(today.getTime() - daysBack * DAY_MS + minute * 60_000 + random.int(0, 59) * 1_000);
}

/** The plan: leads in arrival order (a few reuse an earlier lead's phone and e-mail: duplicates). */
export function planDemoLeads(today: Date): PlannedLead[] {
  const random = seededRandom(DEMO_SEED);
  const drafts = Array.from({ length: DEMO_LEAD_COUNT }, (_, i) => {
    const stream = pickStream(random);
    const [stateCode, zipCode, area] = random.pick(stream.places);
    const at = momentOf(today, random);
    const firstName = random.pick(FIRST);
    const lastName = random.pick(LAST);
    const year = stream.medicare ? random.int(1940, 1958) : random.int(1962, 2002);
    const birthDate = `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    return { i, stream, stateCode, zipCode, area, at, firstName, lastName, birthDate, score: random.int(520, 880), duplicateRoll: random.next(), pickRoll: random.next() };
  });
  drafts.sort((a, b) => a.at.getTime() - b.at.getTime() || a.i - b.i);
  const planned: PlannedLead[] = [];
  for (const [n, d] of drafts.entries()) {
    // About one lead in twelve repeats an earlier consumer (same phone and e-mail): the engine's dedupe.
    const earlier = n > 10 && d.duplicateRoll < 0.08 ? planned[Math.floor(d.pickRoll * n)] : undefined;
    const serial = String(2000 + d.i).padStart(4, '0');
    const email = earlier?.input.lead.email ?? `${d.firstName}.${d.lastName}${serial}@example.com`.toLowerCase();
    const primaryPhone = earlier?.input.lead.primaryPhone ?? `${d.area}555${serial}`;
    const { stream } = d;
    planned.push({
      disputable: stream.vendor !== 'NWD' && stream.campaign !== 'EMR',
      input: {
        source: 'vendor',
        campaignId: campaignIdOf(stream.campaign),
        vendorId: vendorIdOf(stream.vendor),
        sourceId: `DEMO-${String(d.i + 1).padStart(4, '0')}`,
        at: d.at,
        lead: {
          firstName: d.firstName,
          lastName: d.lastName,
          email,
          primaryPhone,
          address1: `${100 + (d.i % 800)} Oak Street`,
          stateCode: d.stateCode,
          zipCode: d.zipCode,
          birthDate: d.birthDate,
          gender: d.i % 2 ? 'F' : 'M',
          score: d.score,
          ...(stream.employer ? { businessEmail: `${d.firstName}@${d.lastName}-co.example.com`.toLowerCase() } : {}),
        },
        consent: {
          text: 'I agree to be contacted about insurance quotes by phone, text and e-mail.',
          at: new Date(d.at.getTime() - 60_000).toISOString(),
          ip: `203.0.113.${(d.i % 250) + 1}`,
          pageUrl: `https://quotes.example.com/${stream.campaign.toLowerCase()}`,
        },
      },
    });
  }
  return planned;
}

/** Live-transfer pings from ACME on Medicare Live Transfer: Illinois callers (the sponsor's order bids), and Texas ones (no order). */
export function planDemoPings(today: Date): PlannedPing[] {
  const random = seededRandom(DEMO_SEED + 1);
  const pings = Array.from({ length: DEMO_PING_COUNT }, (_, i) => {
    const texas = i % 4 === 3;
    return {
      campaignCode: 'MLT',
      vendorCode: 'ACME',
      callerId: `${texas ? '214' : '312'}556${String(3000 + i).padStart(4, '0')}`,
      stateCode: texas ? 'TX' : 'IL',
      zipCode: texas ? '75201' : random.pick(['60601', '60603', '60606']),
      at: new Date(today.getTime() - random.int(1, 20) * DAY_MS + random.int(15 * 60, 22 * 60) * 60_000),
    };
  });
  return pings.sort((a, b) => a.at.getTime() - b.at.getTime());
}

async function pingRecorded(p: PlannedPing): Promise<boolean> {
  const at = p.at.toISOString();
  const to = new Date(p.at.getTime() + 1).toISOString();
  const found = await Ping.query.ofCampaignVendor(p.campaignCode, p.vendorCode, at, to).all();
  return found.some((x) => x.callerId === p.callerId);
}

/**
 * Runs the demo activity against the current table (after the seed's catalogue, agents and orders).
 * `today` is the seed's day (the start of the UTC day); leads arrive in the 30 days before it.
 */
export async function runDemoActivity(opts: { today?: Date } = {}): Promise<DemoActivityResult> {
  const today = opts.today ?? startOfUtcDay(new Date());
  const leads = planDemoLeads(today);
  const pings = planDemoPings(today);
  if (await pingRecorded(pings.at(-1)!)) return { ran: false, counts: {} };
  const counts: Record<string, number> = {};
  const count = (kind: string) => (counts[kind] = (counts[kind] ?? 0) + 1);

  // Money first, through the ledger: each demo agent pays in enough for a month of leads, after its
  // seeded history (which ends before this) and before the leads, so every entry is appended in time order.
  for (const agentId of Object.values(DEMO_AGENT_IDS))
    await postEntry({ agentId, deltaCents: DEMO_TOP_UP_CENTS, type: 'CreditCardPayment', description: 'Credit card payment', at: new Date(today.getTime() - DEMO_ACTIVITY_DAYS * DAY_MS).toISOString(), idempotencyKey: `seed:demo-activity:top-up:${agentId}` });

  const sold: { leadId: string; planned: PlannedLead }[] = [];
  for (const planned of leads) {
    const outcome = await intakeLead(planned.input);
    if (outcome.status !== 'accepted') {
      count('demoLeadsRefused');
      continue;
    }
    count('demoLeads');
    const callCenter = outcome.reasons?.some((r) => r.startsWith(RESULT_REASONS.callCenter('').slice(0, -1))) ?? false;
    count(outcome.result === 'sold' ? 'demoLeadsSold' : callCenter ? 'demoLeadsCallCenter' : `demoLeads${outcome.result[0]!.toUpperCase()}${outcome.result.slice(1)}`);
    if (outcome.result === 'sold') sold.push({ leadId: outcome.leadId, planned });
  }

  // Disputes: six sales of disputable campaigns, spread over the month; the buyer disputes a few
  // hours after the sale; staff approve two and deny two, two stay Submitted for the queue.
  const disputable = sold.filter((s) => s.planned.disputable);
  const step = Math.max(1, Math.floor(disputable.length / 6));
  const chosen = disputable.filter((_, i) => i % step === 0).slice(0, 6);
  const reasons = ['BAD_PHONE', 'NOT_INTERESTED', 'OUT_OF_AREA', 'BAD_PHONE', 'NOT_INTERESTED', 'DUPLICATE'];
  const comments = ['Number rings to a fax line.', 'Consumer says she never filled in a form.', 'Lives across the state line from my license.', 'Disconnected after two tries.', 'Asked to be removed from all lists.', 'Same household as a lead last week.'];
  for (const [i, s] of chosen.entries()) {
    const [sale] = await LeadSale.query.ofLead(s.leadId).all({ consistent: true });
    if (!sale) continue;
    const now = new Date(Date.parse(sale.at) + (3 + i) * HOUR_MS);
    const { dispute } = await submitDispute({ agentId: sale.agentId, leadId: s.leadId, vendorReason: reasons[i]!, userComments: comments[i]!, now });
    count('demoDisputes');
    if (dispute.status !== 'Submitted' || i < 2) continue;
    const decision = i < 4 ? 'Approve' : 'Deny';
    await decideDispute({ leadId: s.leadId, agentId: sale.agentId, decision, reason: decision === 'Approve' ? 'Verified with the vendor: the consumer could not be reached.' : 'The vendor supplied a valid consent record.', by: STAFF_DECIDER });
  }

  // Live-transfer pings last: the last one recorded marks the activity as finished.
  const vendors = new Map<string, Vendor>();
  for (const p of pings) {
    if (await pingRecorded(p)) continue;
    let vendor = vendors.get(p.vendorCode);
    if (!vendor) {
      vendor = await Vendor.get({ vendorId: vendorIdOf(p.vendorCode) });
      if (!vendor) throw new Error(`The demo vendor ${p.vendorCode} is not seeded.`);
      vendors.set(p.vendorCode, vendor);
    }
    const answer = await pingCampaign({ vendor, campaignCode: p.campaignCode, callerId: p.callerId, stateCode: p.stateCode, zipCode: p.zipCode, at: p.at });
    count(answer.bidCents === undefined ? 'demoPingsNoBid' : 'demoPingsBid');
  }
  return { ran: true, counts };
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
