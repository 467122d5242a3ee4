// /Sales/LeadsForm?ContractNumber= (salesLeadsForm): the public sales lead form (Health, Life and
// Medicare contracts). Public: no sign-in, no start-up loading of the user.
import { createFileRoute } from '@tanstack/react-router';
import { SalesFormPage } from '@/features/sales-forms/sales-form-page.tsx';
import { salesFormSearchSchema } from '@/features/sales-forms/sales-form-search.ts';

export const Route = createFileRoute('/_public/Sales/LeadsForm')({
  validateSearch: salesFormSearchSchema,
  component: LeadsFormRoute,
});

function LeadsFormRoute() {
  const { ContractNumber } = Route.useSearch();
  return <SalesFormPage kind="LeadsForm" contractNumber={ContractNumber} />;
}
