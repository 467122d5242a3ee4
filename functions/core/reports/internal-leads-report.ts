// Internal Leads (part 3 §2, §3, §7): the leads visitors submitted through the public forms, by source
// (the contract map whose number the form carried: GET internalleadusers lists them) in time order,
// read through the public-form leads' index by contract and time (#92), never a scan.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { Campaign } from '#entities/campaign.ts';
import { ContractMap } from '#entities/contract-map.ts';
import { PublicFormLead } from '#entities/public-form-lead.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { REPORTING_TIME_ZONE } from '#platform/keys.ts';
import type { InternalLeadRowDto, InternalLeadSourceDto } from '#shared/api/reports-performance.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** GET internalleadusers: every contract map, by name. */
export async function internalLeadSources(): Promise<InternalLeadSourceDto[]> {
  const contracts = await ContractMap.query.all().all();
  return contracts
    .map((c) => ({ Source: c.contractId, Name: c.contractName }))
    .sort((a, b) => a.Name.localeCompare(b.Name, 'en', { sensitivity: 'base' }) || a.Source.localeCompare(b.Source));
}

export interface InternalLeadsQuery {
  /** Local date-times YYYY-MM-DDTHH:mm:ss on the reporting calendar, both included. */
  startDate: string;
  endDate: string;
  /** The contract number. */
  source: string;
}

/** What became of the lead: not yet taken, refused by the campaign's criteria, or the engine's result. */
function statusOf(lead: PublicFormLead): string {
  if (lead.status !== 'Routed' || !lead.intake?.result) return lead.status;
  const result = lead.intake.result;
  return result.charAt(0).toUpperCase() + result.slice(1);
}

/** The source's leads of the range, oldest first. */
export async function internalLeads(q: InternalLeadsQuery): Promise<InternalLeadRowDto[]> {
  const from = dayjs.tz(q.startDate, REPORTING_TIME_ZONE).toISOString();
  // The end second is included: the range runs to the start of the next second.
  const to = dayjs.tz(q.endDate, REPORTING_TIME_ZONE).add(1, 'second').toISOString();
  const leads = await PublicFormLead.query.bySource(q.source, from, to).all();
  const refs: Record<string, Ref<Campaign>> = {};
  for (const l of leads) refs[l.campaignId] = Campaign.ref({ campaignId: l.campaignId });
  const campaigns = leads.length ? ((await getMany(refs)) as Record<string, Campaign | undefined>) : {};
  return leads.map((l) => {
    const campaign = campaigns[l.campaignId];
    return {
      FirstName: l.firstName,
      LastName: l.lastName,
      City: l.city,
      StateCode: l.state,
      ZipCode: l.zipCode,
      Status: statusOf(l),
      Email: l.email,
      PrimaryPhone: l.phone,
      IsTargeted: l.intake?.result === 'sold',
      // A form lead comes from no vendor: the company's own forms are its source.
      VendorName: '',
      LeadType: campaign?.leadType ?? '',
      ContractId: l.contractId,
      CrmLob: campaign?.crmLob ?? '',
      Date: l.receivedAt,
    };
  });
}
