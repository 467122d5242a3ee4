// The partner portal's Users screen (issue 24): the vendor's users with their role. Its administrators
// (and staff who edit vendors) invite colleagues by e-mail as read-only users or administrators, change
// a colleague's role and remove one; read-only users see the list alone. The server refuses the rest,
// and keeps the last administrator (ErrorMessages shown as they come).
import { Alert, Badge, Button, Card, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { inviteUserSchema, PARTNER_MESSAGES, type InviteUserForm, type PartnerUser } from '#shared/api/partner.ts';
import type { VendorRole } from '#shared/permissions.ts';
import { ApiError } from '@/api/client.ts';
import { useMe } from '@/api/get-me.ts';
import { formatDateTime } from '@/components/date-time.ts';
import { useChangePartnerUserRole, useInvitePartnerUser, usePartnerUsers, useRemovePartnerUser } from './api/partner-users.ts';
import { mayManagePartner } from './shell-nav.ts';

export const ROLE_LABELS: Record<VendorRole, string> = { admin: 'Administrator', readOnly: 'Read-only' };
const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as VendorRole[]).map((value) => ({ value, label: ROLE_LABELS[value] }));
/** Under 700 px each user is a card of its own: a table's five columns do not fit a phone. */
const PHONE_QUERY = '(max-width: 699.9px)';

type Outcome = { ok: true; message: string } | { ok: false; messages: string[] } | null;

/** The server's words for a refusal; a 500 is not the user's business. */
const failure = (error: unknown): Outcome => ({ ok: false, messages: error instanceof ApiError && error.status < 500 ? error.messages : [] });

export function UsersPage({ vendorId }: { vendorId: string }) {
  const me = useMe();
  const users = usePartnerUsers(vendorId);
  const canManage = mayManagePartner(me);
  const [outcome, setOutcome] = useState<Outcome>(null);

  return (
    <Stack gap="lg">
      <Title order={1}>Users</Title>
      <Text>Everyone who can sign in to this partner portal. Administrators invite colleagues and rotate the API token; read-only users look.</Text>
      {canManage && <InviteForm vendorId={vendorId} onOutcome={setOutcome} />}
      <OutcomeAlert outcome={outcome} />
      <UsersTable vendorId={vendorId} users={users} canManage={canManage} myEmail={me.EmailAddress} onOutcome={setOutcome} />
    </Stack>
  );
}

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  if (outcome.ok)
    return (
      <Alert color="green" variant="light" role="status">
        {outcome.message}
      </Alert>
    );
  return (
    <Alert color="red" title="Not done" role="alert">
      {(outcome.messages.length ? outcome.messages : ['Something went wrong. Try again.']).map((m) => (
        <Text key={m} size="sm">
          {m}
        </Text>
      ))}
    </Alert>
  );
}

function InviteForm({ vendorId, onOutcome }: { vendorId: string; onOutcome: (o: Outcome) => void }) {
  const invite = useInvitePartnerUser(vendorId);
  const form = useForm<InviteUserForm>({ mode: 'controlled', initialValues: { Email: '', Name: '', Role: 'readOnly' }, validate: schemaResolver(inviteUserSchema, { sync: true }) });
  const submit = form.onSubmit((values) => {
    onOutcome(null);
    invite.mutate(values, {
      onSuccess: () => {
        form.reset();
        onOutcome({ ok: true, message: PARTNER_MESSAGES.invited });
      },
      onError: (error) => onOutcome(error instanceof ApiError && error.status >= 500 ? { ok: false, messages: [PARTNER_MESSAGES.inviteFailed] } : failure(error)),
    });
  });
  return (
    <form onSubmit={submit} aria-labelledby="invite-title" noValidate>
      <Stack gap="sm">
        <Title order={2} size="h3" id="invite-title">
          Invite a colleague
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="Email" type="email" autoComplete="off" required maxLength={254} style={{ flex: '1 1 16rem' }} {...form.getInputProps('Email')} />
          <TextInput label="Name" autoComplete="off" maxLength={100} style={{ flex: '1 1 12rem' }} {...form.getInputProps('Name')} />
          <Select label="Role" data={ROLE_OPTIONS} allowDeselect={false} style={{ flex: '0 1 10rem' }} {...form.getInputProps('Role')} />
        </Group>
        <Button type="submit" w="fit-content" loading={invite.isPending}>
          Send invitation
        </Button>
      </Stack>
    </form>
  );
}

interface UsersTableProps {
  vendorId: string;
  users: PartnerUser[];
  canManage: boolean;
  myEmail: string;
  onOutcome: (o: Outcome) => void;
}

function UsersTable({ vendorId, users, canManage, myEmail, onOutcome }: UsersTableProps) {
  const changeRole = useChangePartnerUserRole(vendorId);
  const remove = useRemovePartnerUser(vendorId);
  const [removing, setRemoving] = useState<PartnerUser | null>(null);

  const setRole = (user: PartnerUser, role: VendorRole) => {
    onOutcome(null);
    changeRole.mutate({ userId: user.UserId, role }, { onSuccess: () => onOutcome({ ok: true, message: PARTNER_MESSAGES.roleChanged }), onError: (e) => onOutcome(failure(e)) });
  };
  const confirmRemove = () => {
    if (!removing) return;
    const user = removing;
    setRemoving(null);
    onOutcome(null);
    remove.mutate(user.UserId, { onSuccess: () => onOutcome({ ok: true, message: PARTNER_MESSAGES.removed }), onError: (e) => onOutcome(failure(e)) });
  };

  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const isMe = (user: PartnerUser) => user.Email.toLowerCase() === myEmail.toLowerCase();
  const nameOf = (user: PartnerUser) => (
    <>
      {user.Name}
      {isMe(user) && (
        <Badge ml="xs" size="sm" variant="light">
          You
        </Badge>
      )}
    </>
  );
  const roleOf = (user: PartnerUser) =>
    canManage ? (
      <Select
        aria-label={`Role of ${user.Email}`}
        data={ROLE_OPTIONS}
        value={user.Role}
        allowDeselect={false}
        disabled={changeRole.isPending}
        onChange={(value) => value && value !== user.Role && setRole(user, value as VendorRole)}
        w={150}
      />
    ) : (
      ROLE_LABELS[user.Role]
    );
  const invitedOf = (user: PartnerUser) => (
    <>
      {formatDateTime(user.InvitedAt, null)}
      {user.InvitedBy && user.InvitedBy !== 'seed' && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          by {user.InvitedBy}
        </Text>
      )}
    </>
  );
  const removeOf = (user: PartnerUser) => (
    <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(user)} aria-label={`Remove ${user.Email}`}>
      Remove
    </Button>
  );

  return (
    <>
      {isPhone ? (
        <Stack gap="sm" component="ul" aria-label="Users" p={0} m={0} style={{ listStyle: 'none' }}>
          {users.map((user) => (
            <Card key={user.UserId} component="li" withBorder padding="sm" data-user={user.Email}>
              <Stack gap={4}>
                <Text fw={600}>{nameOf(user)}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {user.Email}
                </Text>
                <Group gap="xs" wrap="wrap" justify="space-between">
                  {roleOf(user)}
                  {canManage && removeOf(user)}
                </Group>
                <Text size="xs" c="dimmed" component="div">
                  Invited {invitedOf(user)}
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped verticalSpacing="xs" aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Invited</Table.Th>
              {canManage && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.UserId} data-user={user.Email}>
                <Table.Td>{nameOf(user)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.Email}</Table.Td>
                <Table.Td>{roleOf(user)}</Table.Td>
                <Table.Td>{invitedOf(user)}</Table.Td>
                {canManage && <Table.Td>{removeOf(user)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove user" centered>
        <Stack gap="md">
          <Text size="sm">{removing ? `${removing.Email} will no longer be able to sign in to this partner portal.` : ''}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmRemove}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
