// Staff changes to an agent on Agent Information (spec part 3 §2, §4, §7 PATCH agent): priority,
// credit line and the three intake statuses, in one transaction with their audits. Only what differs
// from the stored agent is written, each item conditioned on the value read, so a change made by
// someone else in between is refused (409) rather than overwritten, and the audits' previous values
// are true. Which fields the caller may change is decided by the handler (permissions).
import { randomUUID } from 'node:crypto';
import { readAgentAccount } from '#entities/agent-account.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance, leadsStoppedPatch } from '#entities/balance.ts';
import { CreditLineChange } from '#entities/credit-line-change.ts';
import { StatusAudit } from '#entities/status-audit.ts';
import { transactWrite, type TxItem } from '#platform/db.ts';
import { Conflict, NotFound, ValidationFailed } from '#platform/errors.ts';
import { AGENT_ADMIN_MESSAGES } from '#shared/agent-admin.ts';

export interface AgentSettingsChange {
  priority?: number;
  creditLineCents?: number;
  orderActive?: boolean;
  liveTransferActive?: boolean;
  thirdPartyActive?: boolean;
}

export type ChangedField = keyof AgentSettingsChange;

const word = (on: boolean) => (on ? 'active' : 'paused');

/** The fields of `wanted` that differ from the stored agent (what a save would write). */
export async function changedFields(agentId: string, wanted: AgentSettingsChange): Promise<{ fields: ChangedField[]; current: Current }> {
  const current = await readCurrent(agentId);
  const fields = (Object.keys(wanted) as ChangedField[]).filter((field) => wanted[field] !== undefined && wanted[field] !== current[field]);
  return { fields, current };
}

interface Current {
  /** The profile as read (its contact fields are what a save may not change). */
  profile: AgentProfile;
  priority: number;
  creditLineCents: number;
  orderActive: boolean;
  liveTransferActive: boolean;
  thirdPartyActive: boolean;
  balance: Balance;
}

async function readCurrent(agentId: string): Promise<Current> {
  const { profile, balance } = await readAgentAccount(agentId, { consistent: true });
  if (!profile || !balance) throw new NotFound(AGENT_ADMIN_MESSAGES.notFound);
  return {
    profile,
    priority: profile.priority,
    creditLineCents: balance.creditLineCents,
    orderActive: profile.orderStatus === 1,
    liveTransferActive: profile.liveTransferStatus === 1,
    thirdPartyActive: profile.thirdPartyLeadStatus === true,
    balance,
  };
}

/**
 * Writes the fields of `change` that differ from `current` (as read by changedFields) in one
 * transaction: the profile (conditioned on the values read), the balance item for the credit line
 * (conditioned on its version, which it bumps, as every ledger write checks it), a status audit row
 * per status changed and a credit line change row. Returns the fields written.
 */
export async function applyAgentSettings(
  agentId: string,
  change: AgentSettingsChange,
  current: Current,
  by: string,
  now: Date = new Date(),
): Promise<ChangedField[]> {
  const differs = <F extends ChangedField>(f: F) => change[f] !== undefined && change[f] !== current[f];
  const written = (Object.keys(change) as ChangedField[]).filter(differs);
  if (written.length === 0) return [];

  // Live transfer and third party run only while the account buys leads (part 1 §4); judged on the
  // order status the save leaves, so pausing and switching them off in one save is fine.
  const orderActiveAfter = change.orderActive ?? current.orderActive;
  const turningOn = (differs('liveTransferActive') && change.liveTransferActive) || (differs('thirdPartyActive') && change.thirdPartyActive);
  if (turningOn && !orderActiveAfter) throw new ValidationFailed(AGENT_ADMIN_MESSAGES.pausedAccount);

  const at = now.toISOString();
  const stale = () => new Conflict(AGENT_ADMIN_MESSAGES.changedMeanwhile);
  const items: TxItem[] = [];

  const set: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  const profileField = (field: ChangedField, attribute: string, stored: (v: unknown) => unknown) => {
    if (!differs(field)) return;
    set[attribute] = stored(change[field]);
    expected[`:${attribute}`] = stored(current[field]);
  };
  const onOff = (v: unknown) => (v ? 1 : 0);
  profileField('priority', 'priority', (v) => v);
  profileField('orderActive', 'orderStatus', onOff);
  profileField('liveTransferActive', 'liveTransferStatus', onOff);
  profileField('thirdPartyActive', 'thirdPartyLeadStatus', (v) => v === true);
  // A new order status decides, with the account status (held as read), the balance's `leadsStopped`.
  const leadsFlag = 'orderStatus' in set ? leadsStoppedPatch({ status: current.profile.status, orderStatus: set.orderStatus as number }) : undefined;
  if (leadsFlag) expected[':status'] = current.profile.status;
  if (Object.keys(set).length > 0) {
    const names = Object.fromEntries(Object.keys(expected).map((v) => [`#${v.slice(1)}`, v.slice(1)]));
    items.push(
      AgentProfile.patchTx(
        { agentId },
        { set: set as Partial<AgentProfile> },
        {
          condition: { expression: Object.keys(expected).map((v) => `#${v.slice(1)} = ${v}`).join(' AND '), names, values: expected },
          orFail: stale,
        },
      ),
    );
  }

  const audits: [boolean | undefined, boolean, 'Global' | 'LiveTransfer' | 'ThirdParty'][] = [
    [differs('orderActive') ? change.orderActive : undefined, current.orderActive, 'Global'],
    [differs('liveTransferActive') ? change.liveTransferActive : undefined, current.liveTransferActive, 'LiveTransfer'],
    [differs('thirdPartyActive') ? change.thirdPartyActive : undefined, current.thirdPartyActive, 'ThirdParty'],
  ];
  for (const [after, before, statusType] of audits) {
    if (after === undefined) continue;
    items.push(
      StatusAudit.putTx({ agentId, auditId: randomUUID(), updateDate: at, statusType, previousStatus: word(before), newStatus: word(after), updatedBy: by }),
    );
  }

  if (differs('creditLineCents')) {
    items.push(
      Balance.patchTx(
        { agentId },
        {
          set: { creditLineCents: change.creditLineCents, version: current.balance.version + 1, ...(leadsFlag && 'set' in leadsFlag ? leadsFlag.set : {}) },
          ...(leadsFlag && 'remove' in leadsFlag ? { remove: leadsFlag.remove } : {}),
        },
        { condition: { expression: 'version = :expected', values: { ':expected': current.balance.version } }, orFail: stale },
      ),
      CreditLineChange.putTx({
        agentId,
        changeId: randomUUID(),
        changedAt: at,
        previousCents: current.creditLineCents,
        newCents: change.creditLineCents!,
        changedBy: by,
        source: 'Agent Information',
      }),
    );
  }

  if (leadsFlag && !differs('creditLineCents')) items.push(Balance.patchTx({ agentId }, leadsFlag));

  await transactWrite(items);
  return written;
}
