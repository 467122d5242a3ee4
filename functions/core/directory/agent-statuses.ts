// The account's intake statuses (spec part 1 §4): order status (Active/Paused), live transfer and
// third-party leads, each change written together with its account status audit entry in one
// transaction. Live transfer and third party can change only while the account is Active.
import { randomUUID } from 'node:crypto';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance, leadsStoppedPatch } from '#entities/balance.ts';
import { STATUS_TYPES, StatusAudit } from '#entities/status-audit.ts';
import { transactWrite } from '#platform/db.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';

export { STATUS_TYPES };
export type StatusType = (typeof STATUS_TYPES)[number];

export const ACCOUNT_PAUSED_MESSAGE = 'Live Transfer and Third-Party leads can only be changed while you are purchasing leads.';

const word = (on: boolean) => (on ? 'active' : 'paused');

interface Change {
  agentId: string;
  statusType: StatusType;
  on: boolean;
  /** Who changed it (user id), for the audit. */
  by: string;
  at?: Date;
}

/** The profile attribute each status lives in, and how it is stored. */
const FIELD = {
  Global: { name: 'orderStatus', stored: (on: boolean) => (on ? 1 : 0), read: (v: unknown) => v === 1 },
  LiveTransfer: { name: 'liveTransferStatus', stored: (on: boolean) => (on ? 1 : 0), read: (v: unknown) => v === 1 },
  ThirdParty: { name: 'thirdPartyLeadStatus', stored: (on: boolean) => on, read: (v: unknown) => v === true },
} as const satisfies Record<StatusType, { name: keyof AgentProfile; stored: (on: boolean) => number | boolean; read: (v: unknown) => boolean }>;

/**
 * Set one status. The update is conditional on the value read (so the audit's previous value is
 * true) and, for live transfer and third party, on the account being Active. Setting a status to
 * what it already is writes nothing.
 */
export async function setStatus(change: Change): Promise<{ changed: boolean }> {
  const profile = await AgentProfile.get({ agentId: change.agentId }, { consistent: true });
  if (!profile) throw new NotFound('Agent account not found.');
  const field = FIELD[change.statusType];
  const previous = field.read(profile[field.name]);
  if (change.statusType !== 'Global' && profile.orderStatus !== 1) throw new ValidationFailed(ACCOUNT_PAUSED_MESSAGE);
  if (previous === change.on) return { changed: false };

  const at = (change.at ?? new Date()).toISOString();
  const mustBeActive = change.statusType !== 'Global';
  // The order status decides, with the account status (held as read), whether the balance says the
  // agent takes leads (Balance `leadsStopped`, what a sale conditions on).
  const global = change.statusType === 'Global';
  await transactWrite([
    AgentProfile.patchTx(
      { agentId: change.agentId },
      { set: { [field.name]: field.stored(change.on) } },
      {
        condition: {
          expression: `#f = :old${mustBeActive ? ' AND orderStatus = :active' : ''}${global ? ' AND #status = :status' : ''}`,
          names: { '#f': field.name, ...(global ? { '#status': 'status' } : {}) },
          values: { ':old': field.stored(previous), ...(mustBeActive ? { ':active': 1 } : {}), ...(global ? { ':status': profile.status } : {}) },
        },
        orFail: () => new ValidationFailed(mustBeActive ? ACCOUNT_PAUSED_MESSAGE : 'The account changed at the same time; please try again.'),
      },
    ),
    ...(global ? [Balance.patchTx({ agentId: change.agentId }, leadsStoppedPatch({ status: profile.status, orderStatus: change.on ? 1 : 0 }))] : []),
    StatusAudit.putTx({
      agentId: change.agentId,
      auditId: randomUUID(),
      updateDate: at,
      statusType: change.statusType,
      previousStatus: word(previous),
      newStatus: word(change.on),
      updatedBy: change.by,
    }),
  ]);
  return { changed: true };
}

/** The account status audit of an agent, newest first. */
export async function listStatusAudit(agentId: string): Promise<StatusAudit[]> {
  return StatusAudit.query.ofAgent(agentId).all({ newestFirst: true });
}
