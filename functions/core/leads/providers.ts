// The lead engine's outside parties behind interfaces: the eBureau score (ScoringProvider) and the call
// center's dialer (CallCenterDialer). Locally and in tests they are deterministic stand-ins: the score
// is derived from the phone number, and a dialer list is a folder under .data/callcenter/ with one JSON
// file per lead. In AWS (no writable disk) the same files are objects under callcenter/ in the uploads
// bucket, until a dialer contract replaces them. One file per lead, so the retention job removes an
// expired lead's entry by its key, without rewriting a list others are appending to.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { bucket, runsInAws } from '#platform/config.ts';
import { s3Client } from '#platform/s3.ts';
import type { LeadFields } from './lead-input.ts';
import { onForget } from '#platform/held.ts';

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
  /** Takes the lead off the list (the retention job); nothing when it is not there. */
  remove(listId: string, leadId: string): Promise<void>;
}

/** The key prefix of the dialer lists in the uploads bucket (infra/lib/function-needs.ts grants only it). */
export const CALLCENTER_PREFIX = 'callcenter/';

/** A list's (or a lead id's) name as a path part: letters, digits, _ and - only. */
const safePart = (s: string, fallback: string) => s.replace(/[^A-Za-z0-9_-]/g, '_') || fallback;
/** A lead's file within the lists: `{listId}/{leadId}.json`. */
export const dialerFileOf = (listId: string, leadId: string) => `${safePart(listId, 'default')}/${safePart(leadId, 'lead')}.json`;

const localDir = () => process.env.CALLCENTER_DIR ?? join(process.cwd(), '.data', 'callcenter');

/** Local dialer: `{CALLCENTER_DIR or .data/callcenter}/{listId}/{leadId}.json`. */
export const localDialer: CallCenterDialer = {
  async add(listId, lead) {
    const file = join(localDir(), dialerFileOf(listId, lead.leadId));
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, `${JSON.stringify(lead)}\n`);
  },
  async remove(listId, leadId) {
    await rm(join(localDir(), dialerFileOf(listId, leadId)), { force: true });
  },
};

/** AWS dialer: the same files as objects `callcenter/{listId}/{leadId}.json` in the uploads bucket. */
export const s3Dialer: CallCenterDialer = {
  async add(listId, lead) {
    await s3Client().send(
      new PutObjectCommand({ Bucket: bucket('UPLOADS_BUCKET'), Key: `${CALLCENTER_PREFIX}${dialerFileOf(listId, lead.leadId)}`, Body: JSON.stringify(lead), ContentType: 'application/json' }),
    );
  },
  async remove(listId, leadId) {
    await s3Client().send(new DeleteObjectCommand({ Bucket: bucket('UPLOADS_BUCKET'), Key: `${CALLCENTER_PREFIX}${dialerFileOf(listId, leadId)}` }));
  },
};

let scoring: ScoringProvider = sandboxScoring;
let dialer: CallCenterDialer | undefined;
onForget(() => {
  scoring = sandboxScoring;
  dialer = undefined;
});

/** The providers in use (the AWS ones replace these once contracts with eBureau and the dialer exist). */
export const providers = {
  scoring: () => scoring,
  dialer: (): CallCenterDialer => (dialer ??= runsInAws(process.env) ? s3Dialer : localDialer),
  /** Tests swap a provider in. */
  use(p: { scoring?: ScoringProvider; dialer?: CallCenterDialer }) {
    if (p.scoring) scoring = p.scoring;
    if (p.dialer) dialer = p.dialer;
  },
};
