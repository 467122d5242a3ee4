// /Sales/EmployerForm?ContractNumber= (salesEmployerForm): the public employer lead form (Employer
// contracts). Public: no sign-in, no start-up loading of the user.
import { createFileRoute } from '@tanstack/react-router';
import { SalesFormPage } from '@/features/sales-forms/sales-form-page.tsx';
import { salesFormSearchSchema } from '@/features/sales-forms/sales-form-search.ts';

export const Route = createFileRoute('/_public/Sales/EmployerForm')({
  validateSearch: salesFormSearchSchema,
  component: EmployerFormRoute,
});

function EmployerFormRoute() {
  const { ContractNumber } = Route.useSearch();
  return <SalesFormPage kind="EmployerForm" contractNumber={ContractNumber} />;
}
