// The public lead forms (spec part 3 §2 "Public forms", §4 "Sales forms", §8): the page reads
// ?ContractNumber=, asks the server which form the contract's line of business uses, and shows this
// form, moves to the other one, or says 'Oops!' / 'Contract number is invalid.'. No sign-in, and
// nothing of the signed-in app is loaded.
import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ApiError } from '@/api/client.ts';
import { SALES_FORM_MESSAGES as M, type SalesFormKind } from '#shared/sales-forms.ts';
import { useContractLob } from './api/get-contract-lob.ts';
import { LeadForm } from './lead-form.tsx';

const TITLES: Record<SalesFormKind, string> = { LeadsForm: 'Sales Lead Form', EmployerForm: 'Employer Lead Form' };
const PATHS = { LeadsForm: '/Sales/LeadsForm', EmployerForm: '/Sales/EmployerForm' } as const;

export function SalesFormPage({ kind, contractNumber }: { kind: SalesFormKind; contractNumber: string | undefined }) {
  const lob = useContractLob(contractNumber);
  const navigate = useNavigate();
  const form = lob.data?.Form;
  const otherForm = lob.data && form && form !== kind ? form : undefined;

  useEffect(() => {
    if (otherForm) void navigate({ to: PATHS[otherForm], search: { ContractNumber: contractNumber }, replace: true });
  }, [otherForm, contractNumber, navigate]);

  const lostConnection = lob.error instanceof ApiError && lob.error.status === 0;
  const tooMany = lob.error instanceof ApiError && lob.error.status === 429;
  const invalid = !contractNumber || (lob.isError && !lostConnection && !tooMany) || (lob.isSuccess && form === null);

  return (
    <Stack gap="md" maw={880} mx="auto">
      <Title order={1} size="h2">
        {TITLES[kind]}
      </Title>
      {invalid ? (
        <InvalidContract />
      ) : lostConnection || tooMany ? (
        <Alert color="red" title="The form could not be loaded">
          {tooMany ? M.tooManyRequests : M.networkFailure}
        </Alert>
      ) : lob.isSuccess && form === kind ? (
        <LeadForm kind={kind} contractNumber={lob.data.ContractNumber} />
      ) : (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>Loading the form…</Text>
        </Group>
      )}
    </Stack>
  );
}

/** §8: the dialog 'Oops!' with 'Contract number is invalid.'; behind it, the page says the same. */
function InvalidContract() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Modal opened={open} onClose={() => setOpen(false)} title={M.oopsTitle} centered>
        <Stack gap="md">
          <Text>{M.contractInvalid}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setOpen(false)}>Close</Button>
          </Group>
        </Stack>
      </Modal>
      <Text>{M.contractInvalid} Please check the link you were given.</Text>
    </>
  );
}
