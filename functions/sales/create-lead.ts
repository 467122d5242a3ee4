// POST /api/sales/lead and /api/sales/employer (public): a visitor's lead from the sales or employer
// form, stored with its consent evidence (part 3 §7; docs/api.md "Public forms"). 201 { LeadId }.
import { submitPublicForm } from '#core/leads/public-forms.ts';
import { created, route } from '#platform/http.ts';
import { callerOf } from './caller.ts';

export const createSalesLead = route('sales.lead', {
  handle: async ({ body, event }) => {
    const { leadId } = await submitPublicForm({ form: 'lead', input: body }, { ...callerOf(event), now: new Date() });
    return created({ LeadId: leadId });
  },
});

export const createEmployerLead = route('sales.employer', {
  handle: async ({ body, event }) => {
    const { leadId } = await submitPublicForm({ form: 'employer', input: body }, { ...callerOf(event), now: new Date() });
    return created({ LeadId: leadId });
  },
});
