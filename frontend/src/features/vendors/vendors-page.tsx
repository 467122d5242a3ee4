// Vendors (spec part 3 §2, §6): the vendor table with the New Vendor button for staff holding
// CAN_CREATE_NEW_VENDORS. Under 700 px the table becomes cards.
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMe } from '@/api/get-me.ts';
import type { SetSearch } from '@/components/server-table.ts';
import { VendorListTable } from './vendor-list-table.tsx';
import type { VendorListSearch } from './vendor-list-search.ts';

export function VendorsPage({ search, setSearch }: { search: VendorListSearch; setSearch: SetSearch<VendorListSearch> }) {
  const { Permissions } = useMe();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Vendors
        </Title>
        {Permissions.includes('CAN_CREATE_NEW_VENDORS') && (
          <Button component={Link} to="/vendor/new">
            New Vendor
          </Button>
        )}
      </Group>
      <VendorListTable search={search} setSearch={setSearch} />
    </Stack>
  );
}
