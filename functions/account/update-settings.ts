// Settings calls (spec part 1 §2.6, §7): zip, time zone and Pro Store; training rows and the live-transfer
// phone for Home's cards.
import { isValidZip } from '#core/address/zip-lookup.ts';
import { getLiveTransferPhone, listTraining, setProStore, setTimeZone, setZip, switchOffProStore } from '#core/directory/agent-settings.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { noContent, ok, route } from '#platform/http.ts';
import { centsToDollars, dollarsToCents } from '#shared/money.ts';
import { ZIP_MESSAGES } from '#shared/zip.ts';

export const updateTimeZone = route('account.updateTimeZone', {
  handle: async ({ params }) => {
    await setTimeZone(params.agentId, params.zone);
    return noContent();
  },
});

export const updateProStore = route('account.updateProStore', {
  // Who may call it is the manifest's rule: the holder turns it on and sets the amount, staff may only
  // switch it off. Switching off keeps the stored amount (the form's amount is disabled while it is off,
  // and staff's Amount is never the agent's), so turning it back on is the holder's choice.
  handle: async ({ params, body }) => {
    if (!body.Enabled) {
      const { amountCents } = await switchOffProStore(params.agentId);
      return ok({ Enabled: false, Amount: centsToDollars(amountCents) });
    }
    await setProStore(params.agentId, true, dollarsToCents(body.Amount));
    return ok({ Enabled: true, Amount: body.Amount });
  },
});

export const getTrainingData = route('account.trainingData', {
  handle: async ({ params }) =>
    ok((await listTraining(params.agentId)).map((t) => ({ CourseName: t.courseName, Status: t.status }))),
});

export const getPhoneNumber = route('account.phoneNumber', {
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
export const updateZip = route('account.updateZip', {
  handle: async ({ params }) => {
    if (!(await isValidZip(params.zip))) throw new ValidationFailed(ZIP_MESSAGES.invalidZip);
    await setZip(params.agentId, params.zip);
    return ok({ Zip: params.zip, ZipCodeSetStatus: 1 });
  },
});
