// Reads several views make of the same record (consistent, once per record while the projector
// applies it: apply-once.ts `sharedRead`): a sale's lead (insights, performance) and a lead's sales
// (insights, vendor-days).
import { Lead } from '#entities/lead.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { sharedRead } from './apply-once.ts';

/** The lead as stored now. */
export const leadOf = (leadId: string): Promise<Lead | undefined> => sharedRead(`lead#${leadId}`, () => Lead.get({ leadId }, { consistent: true }));

/** The lead's sales as stored now. */
export const salesOfLead = (leadId: string): Promise<LeadSale[]> => sharedRead(`sales#${leadId}`, () => LeadSale.query.ofLead(leadId).all({ consistent: true }));
