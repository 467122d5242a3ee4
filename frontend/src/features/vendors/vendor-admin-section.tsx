// Edit Vendor's Primary Partner Portal Administrator: the current administrator, and for staff with
// CAN_EDIT_VENDORS an e-mail field whose Set Admin button is enabled only by a valid address (spec
// part 3 §4). The answer says 'Admin set. Email sent.'; a failure 'Unable to create Admin' (§8). A link
// opens the vendor's partner portal (issue 24).
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isValidAdminEmail, VENDOR_MESSAGES } from '#shared/vendors.ts';
import { ApiError } from '@/api/client.ts';
import { AnchorLink } from '@/components/anchor-link.tsx';
import { FormSection } from '@/components/form-section.tsx';
import { useAssignVendorAdmin } from './api/assign-vendor-admin.ts';

interface VendorAdminSectionProps {
  vendorId: string;
  adminEmail: string | null;
  canEdit: boolean;
  /** The vendor's revision after the change (it moves by one). */
  onRevision: (revision: number) => void;
}

type Result = { ok: true } | { ok: false; messages: string[] };

export function VendorAdminSection({ vendorId, adminEmail, canEdit, onRevision }: VendorAdminSectionProps) {
  const assign = useAssignVendorAdmin();
  const [current, setCurrent] = useState(adminEmail);
  const [email, setEmail] = useState('');
  const [left, setLeft] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const valid = isValidAdminEmail(email);

  const submit = () => {
    if (!valid || assign.isPending) return;
    setResult(null);
    assign.mutate(
      { vendorId, email },
      {
        onSuccess: (answer) => {
          setCurrent(answer.AdminEmail);
          setEmail('');
          setLeft(false);
          setResult({ ok: true });
          onRevision(answer.Revision);
        },
        // A 500 is the invitation that could not be sent: its text is not the user's business.
        onError: (error) => setResult({ ok: false, messages: error instanceof ApiError && error.status < 500 ? error.messages : [] }),
      },
    );
  };

  return (
    <FormSection title="Primary Partner Portal Administrator">
      <Text size="sm">
        <Text span fw={600}>
          Current administrator:{' '}
        </Text>
        <Text span style={{ overflowWrap: 'anywhere' }} data-testid="vendor-admin-email">
          {current ?? 'None yet'}
        </Text>
      </Text>
      {canEdit && (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Administrator Email"
            type="email"
            autoComplete="off"
            maxLength={254}
            style={{ flex: '1 1 16rem' }}
            value={email}
            error={left && email.trim() !== '' && !valid ? VENDOR_MESSAGES.invalidEmail : undefined}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setResult(null);
            }}
            onBlur={() => setLeft(true)}
            onKeyDown={(e) => {
              // Enter sets the administrator; it must not submit the vendor form around it.
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
          />
          <Button mt={{ base: 0, xs: 25 }} disabled={!valid} loading={assign.isPending} onClick={submit}>
            Set Admin
          </Button>
        </Group>
      )}
      {result?.ok === true && (
        <Alert color="green" variant="light" role="status">
          {VENDOR_MESSAGES.adminSet}
        </Alert>
      )}
      {/* The vendor's partner portal as its users see it (issue 24); staff view it read-only unless they edit vendors. */}
      <AnchorLink to="/partner/$vendorID" params={{ vendorID: vendorId }} size="sm" w="fit-content">
        Open this vendor’s partner portal
      </AnchorLink>
      {result?.ok === false && (
        <Alert color="red" title={VENDOR_MESSAGES.adminFailed} role="alert">
          {result.messages.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
    </FormSection>
  );
}
