// POST /api/intake/leads: a vendor's lead, authenticated by its token (handler.ts), through the engine.
import { intakeLead } from '#core/leads/intake.ts';
import { admitVendorPost, postAhead } from '#core/leads/vendor-intake.ts';
import { ValidationFailed } from '#platform/errors.ts';
import { created, route } from '#platform/http.ts';
import { answerSandbox } from './sandbox-answer.ts';
import { isSandbox, vendorOf } from './vendor-gatekeeper.ts';

export const postLead = route('intake.postLead', {
  // The vendor, its rate, the catalogue's version, the idempotency record, the state's candidate
  // versions and the phone's earlier leads, read side by side before the token is judged.
  early: ({ event }) => postAhead(event.headers?.authorization, event.body, new Date()),
  async handle({ body, event, early }) {
    const vendor = vendorOf(event);
    const now = new Date();
    const ahead = await (early as ReturnType<typeof postAhead>);
    const sandbox = isSandbox(event);
    const admitted = await admitVendorPost(vendor, body.CampaignCode, now, ahead.reads, sandbox);
    const decideLead = sandbox ? answerSandbox : intakeLead;
    const outcome = await decideLead({
      source: 'vendor',
      campaignId: admitted.context.campaign.campaignId,
      admitted,
      ahead,
      vendorId: vendor.vendorId,
      sourceId: body.VendorLeadId,
      at: now,
      lead: {
        firstName: body.FirstName,
        lastName: body.LastName,
        primaryPhone: body.PrimaryPhone,
        stateCode: body.StateCode,
        zipCode: body.ZipCode,
        ...(body.Email ? { email: body.Email } : {}),
        ...(body.Address1 ? { address1: body.Address1 } : {}),
        ...(body.City ? { city: body.City } : {}),
        ...(body.BirthDate ? { birthDate: body.BirthDate } : {}),
        ...(body.Gender ? { gender: body.Gender } : {}),
        ...(body.Score !== undefined ? { score: body.Score } : {}),
        ...(body.UniversalLeadId ? { universalLeadId: body.UniversalLeadId } : {}),
        ...(body.AffiliateCode ? { affiliateCode: body.AffiliateCode } : {}),
      },
      consent: {
        text: body.Consent.Text,
        at: body.Consent.Timestamp,
        ip: body.Consent.Ip,
        pageUrl: body.Consent.PageUrl,
        ...(body.Consent.TextVersion ? { textVersion: body.Consent.TextVersion } : {}),
        ...(body.Consent.CertificateUrl ? { certificateUrl: body.Consent.CertificateUrl } : {}),
      },
    });
    if (outcome.status === 'invalid') throw new ValidationFailed(outcome.errorMessages);
    if ('sandbox' in outcome) return created(outcome.sandbox);
    return created({
      LeadId: outcome.leadId,
      UserFacingLeadId: outcome.userFacingLeadId,
      Result: outcome.result,
      ...(outcome.reasons?.length ? { Reasons: outcome.reasons } : {}),
    });
  },
});
