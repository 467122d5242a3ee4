// The lead engine's outside parties behind interfaces: the eBureau score (ScoringProvider) and the call
// center's dialer (CallCenterDialer). Locally and in tests they are deterministic stand-ins: the score
// is derived from the phone number, and dialer lists are JSON lines under .data/callcenter/.
import { createHash } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { LeadFields } from './intake.ts';

export interface ScoringProvider {
  /** The consumer's score, 0–1000. */
  score(lead: LeadFields): Promise<number>;
}

/** The local sandbox: a stable score per phone number (the same lead always scores the same). */
export const sandboxScoring: ScoringProvider = {
  async score(lead) {
    return sandboxScore(lead.primaryPhone);
  },
};

export function sandboxScore(phone: string): number {
  return createHash('sha256').update(phone.replace(/\D/g, '')).digest().readUInt32BE(0) % 1001;
}

export interface DialerLead {
  leadId: string;
  userFacingLeadId: number;
  firstName: string;
  lastName: string;
  primaryPhone: string;
  stateCode: string;
  zipCode: string;
  campaignId: string;
  at: string;
}

export interface CallCenterDialer {
  /** Adds the lead to the dialer list (the contract map's F9List). */
  add(listId: string, lead: DialerLead): Promise<void>;
}

/** Local dialer: one JSON line per lead in `{CALLCENTER_DIR or .data/callcenter}/{listId}.jsonl`. */
export const localDialer: CallCenterDialer = {
  async add(listId, lead) {
    const dir = process.env.CALLCENTER_DIR ?? join(process.cwd(), '.data', 'callcenter');
    await mkdir(dir, { recursive: true });
    await appendFile(join(dir, `${listId.replace(/[^A-Za-z0-9_-]/g, '_') || 'default'}.jsonl`), `${JSON.stringify(lead)}\n`);
  },
};

let scoring: ScoringProvider = sandboxScoring;
let dialer: CallCenterDialer = localDialer;

/** The providers in use (the AWS ones replace these once contracts with eBureau and the dialer exist). */
export const providers = {
  scoring: () => scoring,
  dialer: () => dialer,
  /** Tests swap a provider in. */
  use(p: { scoring?: ScoringProvider; dialer?: CallCenterDialer }) {
    if (p.scoring) scoring = p.scoring;
    if (p.dialer) dialer = p.dialer;
  },
};
