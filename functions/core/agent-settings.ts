// The agent's own settings (spec part 1 §2.6): time zone, Pro Store, zip; and the training rows and
// live-transfer phone fed from the external agent systems, which Home shows.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { z } from 'zod';
import { defineEntity } from '#platform/db.ts';
import { docClient, tableName } from '#platform/dynamo.ts';
import { AgentProfile } from '#platform/entities.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { agentKeys } from '#platform/keys.ts';
import type { TimeZoneName } from '#shared/time-zones.ts';

export const TrainingRecord = defineEntity({
  entity: 'TrainingRecord',
  version: 1,
  schema: z.object({ agentId: z.string(), courseName: z.string(), status: z.string() }),
  key: (t) => agentKeys.training(t.agentId, t.courseName),
});

export const PHONE_STATUSES = ['Active', 'VerificationInProgress', 'VerificationFailed', 'Suspended'] as const;
export const LiveTransferPhone = defineEntity({
  entity: 'LiveTransferPhone',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    primaryPhoneNumber: z.string(),
    secondaryPhoneNumber: z.string().optional(),
    statusPrimary: z.enum(PHONE_STATUSES),
    statusSecondary: z.enum(PHONE_STATUSES).optional(),
  }),
  key: (p) => agentKeys.liveTransferPhone(p.agentId),
});

const notFound = () => new NotFound('Agent account not found.');

/** SET the given attributes on an existing profile; never creates one. */
async function updateProfile(agentId: string, update: string, values: Record<string, unknown>, names?: Record<string, string>) {
  try {
    await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: agentKeys.profileById(agentId),
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
        ...(names ? { ExpressionAttributeNames: names } : {}),
      }),
    );
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) throw notFound();
    throw err;
  }
}

export async function setTimeZone(agentId: string, zone: TimeZoneName): Promise<void> {
  // TIMEZONE is a DynamoDB reserved word, so the attribute goes through a name placeholder.
  await updateProfile(agentId, 'SET #tz = :z', { ':z': zone }, { '#tz': 'timeZone' });
}

/** A saved zip is Set (1): the Zip Code Verification dialog closes. */
export async function setZip(agentId: string, zip: string): Promise<void> {
  await updateProfile(agentId, 'SET #zip = :z, zipStatus = :set', { ':z': zip, ':set': 1 }, { '#zip': 'zip' });
}

export const PRO_STORE_CAPTIVE_ONLY = 'Pro Store is available to captive agents only.';

/**
 * Pro Store is for captive agents (non-broker). Enabled agents carry the sparse index key the weekly
 * job pages through, so enabling and disabling also moves the agent in and out of that index.
 */
export async function setProStore(agentId: string, enabled: boolean, amountCents: number): Promise<void> {
  const profile = await AgentProfile.get(agentKeys.profileById(agentId), { consistent: true });
  if (!profile) throw notFound();
  if (profile.type === 1) throw new ValidationFailed(PRO_STORE_CAPTIVE_ONLY);
  const index = agentKeys.profile({ ...profile, proStoreEnabled: true });
  const values = { ':e': enabled, ':a': amountCents };
  if (enabled) {
    await updateProfile(agentId, 'SET proStoreEnabled = :e, proStoreAmountCents = :a, gsi3pk = :ipk, gsi3sk = :isk', {
      ...values,
      ':ipk': index.gsi3pk,
      ':isk': index.gsi3sk,
    });
  } else {
    await updateProfile(agentId, 'SET proStoreEnabled = :e, proStoreAmountCents = :a REMOVE gsi3pk, gsi3sk', values);
  }
}

/**
 * Staff may stop an agent's weekly Pro Store transfer but never start or raise it: moving money out
 * is the holder's act. Switching off keeps the agent's own amount, so turning it back on is theirs.
 */
export async function switchOffProStore(agentId: string): Promise<{ amountCents: number }> {
  const profile = await AgentProfile.get(agentKeys.profileById(agentId), { consistent: true });
  if (!profile) throw notFound();
  await updateProfile(agentId, 'SET proStoreEnabled = :e REMOVE gsi3pk, gsi3sk', { ':e': false });
  return { amountCents: profile.proStoreAmountCents };
}

export async function listTraining(agentId: string) {
  return TrainingRecord.queryAll(agentKeys.trainingOf(agentId));
}

export async function getLiveTransferPhone(agentId: string) {
  return LiveTransferPhone.get(agentKeys.liveTransferPhone(agentId));
}
