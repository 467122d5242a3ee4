// Settings calls (spec part 1 §2.6, §7): zip, time zone and Pro Store; training rows and the live-transfer
// phone for Home's cards.
import { z } from 'zod';
import { isValidZip } from '#core/address/zip-lookup.ts';
import { getLiveTransferPhone, listTraining, setProStore, setTimeZone, setZip, switchOffProStore } from '#core/agent-settings.ts';
import { Forbidden, NotFound, ValidationFailed } from '#platform/errors.ts';
import { noContent, ok, route } from '#platform/http.ts';
import { centsToDollars, dollarsToCents } from '#shared/money.ts';
import { proStoreSchema } from '#shared/settings.ts';
import { TIME_ZONE_NAMES } from '#shared/time-zones.ts';
import { ZIP_MESSAGES, zipCodeSchema } from '#shared/zip.ts';

const agentParam = z.object({ agentId: z.string().min(1) });

export const updateTimeZone = route({
  params: agentParam.extend({ zone: z.enum(TIME_ZONE_NAMES as [string, ...string[]], { error: 'Unknown time zone.' }) }),
  handle: async ({ params }) => {
    await setTimeZone(params.agentId, params.zone as (typeof TIME_ZONE_NAMES)[number]);
    return noContent();
  },
});

export const updateProStore = route({
  params: agentParam,
  body: proStoreSchema,
  handle: async ({ params, body, user }) => {
    // The weekly transfer moves money out of the account, which only its holder may start or raise
    // (as for transfers); anyone else who passes the manifest (staff) may only switch it off.
    if (user.agentId !== params.agentId) {
      if (body.Enabled) throw new Forbidden();
      const { amountCents } = await switchOffProStore(params.agentId);
      return ok({ Enabled: false, Amount: centsToDollars(amountCents) });
    }
    await setProStore(params.agentId, body.Enabled, dollarsToCents(body.Amount));
    return ok({ Enabled: body.Enabled, Amount: body.Amount });
  },
});

export const getTrainingData = route({
  params: agentParam,
  handle: async ({ params }) =>
    ok((await listTraining(params.agentId)).map((t) => ({ CourseName: t.courseName, Status: t.status }))),
});

export const getPhoneNumber = route({
  params: agentParam,
  handle: async ({ params }) => {
    const phone = await getLiveTransferPhone(params.agentId);
    if (!phone) throw new NotFound('LiveTransfer phone is not set up.');
    return ok({
      PrimaryPhoneNumber: phone.primaryPhoneNumber,
      SecondaryPhoneNumber: phone.secondaryPhoneNumber ?? null,
      StatusPrimary: phone.statusPrimary,
      StatusSecondary: phone.statusSecondary ?? null,
    });
  },
});

/** PATCH agent/{agentId}/zip/{zip}: digits only, exactly 5, and a real US zip (spec part 1 §2.6, §5). */
export const updateZip = route({
  params: agentParam.extend({ zip: zipCodeSchema }),
  handle: async ({ params }) => {
    if (!(await isValidZip(params.zip))) throw new ValidationFailed(ZIP_MESSAGES.invalidZip);
    await setZip(params.agentId, params.zip);
    return ok({ Zip: params.zip, ZipCodeSetStatus: 1 });
  },
});
