// POST /api/sales/lead and /api/sales/employer (public): a visitor's lead. Nothing is cached, so
// nothing is invalidated.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { EmployerLeadInput, SalesLeadInput } from '#shared/sales-forms.ts';

export type LeadSubmission = { kind: 'LeadsForm'; body: SalesLeadInput } | { kind: 'EmployerForm'; body: EmployerLeadInput };

export const submitLead = (submission: LeadSubmission) =>
  submission.kind === 'LeadsForm' ? callApi('sales.lead', { body: submission.body }) : callApi('sales.employer', { body: submission.body });

export function useSubmitLead() {
  return useMutation({ mutationFn: submitLead });
}
