// The agent's own settings (spec part 1 §2.6): time zone, Pro Store, zip; and the training rows and
// live-transfer phone fed from the external agent systems, which Home shows.
import { AgentProfile } from '#entities/agent-profile.ts';
import { LiveTransferPhone } from '#entities/live-transfer-phone.ts';
import { TrainingRecord } from '#entities/training-record.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import type { TimeZoneName } from '#shared/time-zones.ts';

const notFound = () => new NotFound('Agent account not found.');

/** The zone decides which of the agent's schedule slots a lead's arrival falls in (the change log tells the lead engine: #37b). */
export async function setTimeZone(agentId: string, zone: TimeZoneName): Promise<void> {
  await AgentProfile.patch({ agentId }, { set: { timeZone: zone } }, { orFail: notFound });
}

/** A saved zip is Set (1): the Zip Code Verification dialog closes. The zip ranks the agent for nearby leads (#37b). */
export async function setZip(agentId: string, zip: string): Promise<void> {
  await AgentProfile.patch({ agentId }, { set: { zip, zipStatus: 1 } }, { orFail: notFound });
}

export const PRO_STORE_CAPTIVE_ONLY = 'Pro Store is available to captive agents only.';

/**
 * Pro Store is for captive agents (non-broker). Enabled agents carry the sparse index key the weekly
 * job pages through.
 */
export async function setProStore(agentId: string, enabled: boolean, amountCents: number): Promise<void> {
  const profile = await AgentProfile.get({ agentId }, { consistent: true });
  if (!profile) throw notFound();
  if (profile.type === 1) throw new ValidationFailed(PRO_STORE_CAPTIVE_ONLY);
  // proStoreEnabled is part of the sparse index the weekly job pages through: the patch moves the
  // agent in or out of it.
  await AgentProfile.patch({ agentId }, { set: { proStoreEnabled: enabled, proStoreAmountCents: amountCents } }, { orFail: notFound });
}

/**
 * Staff may stop an agent's weekly Pro Store transfer but never start or raise it: moving money out
 * is the holder's act. Switching off keeps the agent's own amount, so turning it back on is theirs.
 */
export async function switchOffProStore(agentId: string): Promise<{ amountCents: number }> {
  const profile = await AgentProfile.get({ agentId }, { consistent: true });
  if (!profile) throw notFound();
  await AgentProfile.patch({ agentId }, { set: { proStoreEnabled: false } }, { orFail: notFound });
  return { amountCents: profile.proStoreAmountCents };
}

export async function listTraining(agentId: string) {
  return TrainingRecord.query.ofAgent(agentId).all();
}

export async function getLiveTransferPhone(agentId: string) {
  return LiveTransferPhone.get({ agentId });
}
