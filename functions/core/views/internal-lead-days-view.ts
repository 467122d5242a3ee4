// The Internal Leads report's day counts (entities/internal-lead-day.ts), kept from the stored
// public-form leads: a lead ADDs one to its source's count of its reporting day, with the view's
// receipt of the lead (apply-once.ts), so a record applied twice adds nothing.
import { InternalLeadDay } from '#entities/internal-lead-day.ts';
import type { PublicFormLead } from '#entities/public-form-lead.ts';
import { reportDay } from '#platform/report-day.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { applyOnce, factOf } from './apply-once.ts';
import type { View } from './projector.ts';

const NAME = 'internal-lead-days';

export const internalLeadDaysView: View = {
  name: NAME,
  sources: ['PublicFormLead'],
  async apply(record: ChangeRecord): Promise<void> {
    if (record.eventName !== 'INSERT' || entityOf(record) !== 'PublicFormLead') return;
    const lead = record.newImage as unknown as PublicFormLead;
    await applyOnce(NAME, factOf(record), [InternalLeadDay.patchTx({ source: lead.contractId, day: reportDay(lead.receivedAt) }, { add: { count: 1 } }, { upsert: true })]);
  },
};
