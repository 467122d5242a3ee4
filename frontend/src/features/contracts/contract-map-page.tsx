// Contract Map (spec part 3 §2, §4, §6): call-center contracts mapped to campaigns, one card each,
// oldest first. View as Table opens every map in a dialog; Add Map (CAN_EDIT_CONTRACTS) adds a card in
// edit mode at the end; each card has Edit and Delete for contract editors.
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMe } from '@/api/get-me.ts';
import { useCampaignChoices } from './api/list-campaign-choices.ts';
import { useContracts } from './api/list-contracts.ts';
import { useDeleteContract } from './api/delete-contract.ts';
import { useSaveContract } from './api/save-contract.ts';
import { ContractCard } from './contract-card.tsx';
import { ContractsTableDialog } from './contracts-table-dialog.tsx';

export function ContractMapPage() {
  const { Permissions } = useMe();
  const canEdit = Permissions.includes('CAN_EDIT_CONTRACTS');
  const contracts = useContracts();
  const campaigns = useCampaignChoices();
  const save = useSaveContract();
  const remove = useDeleteContract();
  const [tableOpen, setTableOpen] = useState(false);
  // Cards being added, by a client-side number; each leaves the list on Cancel or once saved.
  const [drafts, setDrafts] = useState<number[]>([]);
  const [nextDraft, setNextDraft] = useState(1);

  const addDraft = () => {
    setDrafts((d) => [...d, nextDraft]);
    setNextDraft((n) => n + 1);
  };
  const dropDraft = (id: number) => setDrafts((d) => d.filter((x) => x !== id));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Contract Map
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => setTableOpen(true)}>
            View as Table
          </Button>
          {canEdit && <Button onClick={addDraft}>Add Map</Button>}
        </Group>
      </Group>
      {contracts.length === 0 && drafts.length === 0 && <Text size="sm">No contract maps.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {contracts.map((contract) => (
          <ContractCard
            key={contract.ContractKey}
            contract={contract}
            contracts={contracts}
            campaigns={campaigns}
            canEdit={canEdit}
            onSave={(values, existing) => save.mutateAsync({ ...values, ...existing })}
            onDelete={(c) => remove.mutateAsync(c.ContractKey)}
          />
        ))}
        {canEdit &&
          drafts.map((id) => (
            <ContractCard
              key={`draft-${id}`}
              contracts={contracts}
              campaigns={campaigns}
              canEdit
              onSave={(values) => save.mutateAsync(values)}
              onClose={() => dropDraft(id)}
            />
          ))}
      </SimpleGrid>
      <ContractsTableDialog contracts={contracts} opened={tableOpen} onClose={() => setTableOpen(false)} />
    </Stack>
  );
}
