// The Vendors list's View Details dialog (spec part 3 §2, §3 Vendor and VendorContact): the vendor's
// fields, its contact and address, its partner portal administrators and dispute reasons, read-only.
// A failed call is only logged (§8); the dialog then shows the row's own fields.
import { Button, Group, Loader, Modal, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/components/date-time.ts';
import type { VendorRow } from '#shared/api/vendors.ts';
import { useVendorDetails } from './api/get-vendor-details.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Fields({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <Table aria-label={label} withRowBorders={false} verticalSpacing={4} layout="fixed">
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w="40%" fw={600} scope="row">
              {name}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value === '' || value === null ? '-' : value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function VendorDetailsDialog({ vendor, timeZone, onClose }: { vendor: VendorRow; timeZone: string | null; onClose: () => void }) {
  const details = useVendorDetails(vendor.VendorId);
  const v = details.data ?? vendor;
  const time = (iso: string) => formatDateTime(iso, timeZone);
  const vendorRows: [string, ReactNode][] = [
    ['Vendor Name', v.Name],
    ['Code', v.Code],
    ['Description', v.Description],
    ['Status', v.Status === 1 ? 'Active' : 'Inactive'],
    ['Created', time(v.Created)],
    ['Created By', v.CreatedBy],
    ['Last Updated', time(v.LastUpdated)],
    ['Modified By', v.ModifiedBy],
    ['Archived', yesNo(v.Archived)],
    ['Is Partner', yesNo(v.IsPartner)],
    ['Allow Credit Line Use', yesNo(v.AllowCreditLineUse)],
    ['Allow Disputes', yesNo(v.AllowDisputes)],
    ['Allow Variable Pricing', yesNo(v.AllowVariablePricing)],
    // The lead API's limit comes with the vendor's details (not the list row).
    ['Posts per Minute', details.data ? details.data.PostsPerMinute.toLocaleString('en-US') : ''],
    ['Vendor Token', v.TokenLastFour ? `Ending in ${v.TokenLastFour}` : 'None'],
    ['Admin Email', v.AdminEmail ?? ''],
  ];
  const contact = details.data?.VendorContact;

  return (
    <Modal opened onClose={onClose} title="Vendor Details" size="lg" centered>
      <Stack gap="md">
        <Fields label="Vendor" rows={vendorRows} />
        {details.isPending && <Loader size="sm" role="status" aria-label="Loading the vendor's details" />}
        {contact && (
          <section aria-labelledby="vendor-details-contact">
            <Title order={3} size="h5" id="vendor-details-contact" mb="xs">
              Contact Info
            </Title>
            <Fields
              label="Contact Info"
              rows={[
                ['Name', contact.Name],
                ['Email', contact.Email],
                ['Phone', contact.Phone],
                ['Address', [contact.AddressLine1, contact.AddressLine2].filter(Boolean).join(', ')],
                ['City', contact.City],
                ['State', contact.State],
                ['Zip Code', contact.Zip],
              ]}
            />
          </section>
        )}
        {details.data && details.data.DisputeReasons.length > 0 && (
          <section aria-labelledby="vendor-details-reasons">
            <Title order={3} size="h5" id="vendor-details-reasons" mb="xs">
              Dispute Reasons
            </Title>
            <Fields label="Dispute Reasons" rows={details.data.DisputeReasons.map((r) => [r.VendorReason, r.UserFacingReason])} />
          </section>
        )}
        {details.data && details.data.Admins.length > 0 && (
          <section aria-labelledby="vendor-details-admins">
            <Title order={3} size="h5" id="vendor-details-admins" mb="xs">
              Partner Portal Administrators
            </Title>
            <Fields label="Partner Portal Administrators" rows={details.data.Admins.map((a) => [a.Email, `Invited ${time(a.InvitedAt)} by ${a.InvitedBy}`])} />
          </section>
        )}
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
