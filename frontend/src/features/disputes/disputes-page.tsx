// Disputes (issue 11, beyond the spec's screens): the staff queue of lead disputes. Submitted disputes
// wait oldest first with the pre-checks' notes; Approved and Denied show the evidence or the staff
// reason, newest first. Admins and support approve (crediting the buying agent the sale's price) or
// deny, with a reason. One card per dispute, so the screen reads the same on a phone.
import { Alert, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { DISPUTE_STATUS_VALUES, type DisputeRowDto, type DisputeStatusValue } from '#shared/api/disputes.ts';
import { useMe } from '@/api/get-me.ts';
import { formatDateTime } from '@/components/date-time.ts';
import { formatDollars } from '@/components/money.ts';
import { useDisputes } from './api/list-disputes.ts';
import { DecisionDialog, type DecisionKind } from './decision-dialog.tsx';

const STATUS_COLORS: Record<DisputeStatusValue, string> = { Submitted: 'yellow', Approved: 'green', Denied: 'gray' };
const EMPTY: Record<DisputeStatusValue, string> = {
  Submitted: 'No disputes are waiting for a decision.',
  Approved: 'No disputes have been approved.',
  Denied: 'No disputes have been denied.',
};

interface DisputesPageProps {
  status: DisputeStatusValue;
  onStatusChange: (status: DisputeStatusValue) => void;
}

export function DisputesPage({ status, onStatusChange }: DisputesPageProps) {
  const { Roles } = useMe();
  const canDecide = Roles.includes('admin') || Roles.includes('support');
  const { disputes, hasNextPage, fetchNextPage, isFetchingNextPage, isFetching } = useDisputes(status);
  const [deciding, setDeciding] = useState<{ dispute: DisputeRowDto; kind: DecisionKind } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [loadProblem, setLoadProblem] = useState('');

  const showMore = () => {
    setLoadProblem('');
    fetchNextPage().then(
      (r) => r.isError && setLoadProblem('More disputes could not be loaded. Please try again.'),
      () => setLoadProblem('More disputes could not be loaded. Please try again.'),
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Disputes
      </Title>
      <Text size="sm" c="dimmed">
        Lead disputes the automatic checks did not decide wait here. Approving one credits the buying agent the lead&apos;s price.
      </Text>
      <Stack gap={4}>
        <Text component="span" size="sm" fw={500} id="dispute-status-label">
          Status
        </Text>
        <SegmentedControl
          aria-labelledby="dispute-status-label"
          value={status}
          onChange={(value) => onStatusChange(value as DisputeStatusValue)}
          data={DISPUTE_STATUS_VALUES.map((s) => ({ value: s, label: s }))}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        />
      </Stack>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {disputes.length === 0 ? (
        <Text size="sm">{EMPTY[status]}</Text>
      ) : (
        <Stack component="ul" gap="sm" aria-label={`${status} disputes`} aria-busy={isFetching || undefined} p={0} m={0} style={{ listStyle: 'none' }}>
          {disputes.map((d) => (
            <DisputeCard key={`${d.LeadId}#${d.AgentId}`} dispute={d} canDecide={canDecide} onDecide={(kind) => setDeciding({ dispute: d, kind })} />
          ))}
        </Stack>
      )}
      {loadProblem && (
        <Alert color="red" role="alert">
          {loadProblem}
        </Alert>
      )}
      {hasNextPage && (
        <Button variant="default" onClick={showMore} loading={isFetchingNextPage} style={{ alignSelf: 'flex-start' }}>
          Show more
        </Button>
      )}
      {deciding && (
        <DecisionDialog
          dispute={deciding.dispute}
          kind={deciding.kind}
          onClose={() => setDeciding(null)}
          onDecided={(row) => {
            setDeciding(null);
            setAnnouncement(`Dispute of lead ${row.UserFacingLeadId} ${row.DisputeStatus.toLowerCase()}.`);
          }}
        />
      )}
    </Stack>
  );
}

interface DisputeCardProps {
  dispute: DisputeRowDto;
  canDecide: boolean;
  onDecide: (kind: DecisionKind) => void;
}

function DisputeCard({ dispute: d, canDecide, onDecide }: DisputeCardProps) {
  const label = `Lead ${d.UserFacingLeadId}`;
  const item = (name: string, value: React.ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {name}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Card component="li" withBorder padding="sm" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{label}</Text>
            <Badge variant="light" color={STATUS_COLORS[d.DisputeStatus]}>
              {d.DisputeStatus}
            </Badge>
          </Group>
          {canDecide && d.DisputeStatus === 'Submitted' && (
            <Group gap={6} wrap="wrap">
              <Button size="xs" color="green.8" aria-label={`Approve the dispute of ${label}`} onClick={() => onDecide('Approve')}>
                Approve
              </Button>
              <Button size="xs" variant="default" aria-label={`Deny the dispute of ${label}`} onClick={() => onDecide('Deny')}>
                Deny
              </Button>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
          {item('Agent', `${d.AgentName} (${d.AgentId})`)}
          {d.SubmittedBy !== d.AgentId && item('Disputed by', d.SubmittedBy)}
          {item('Campaign', d.CampaignName)}
          {item('Vendor', d.VendorName)}
          {item('Price', formatDollars(d.AgentPurchasePrice))}
          {item('Disputed', formatDateTime(d.DisputeDateTime, null))}
          {item('Reason', d.UserFacingReason)}
          {item('Comments', d.UserComments)}
          {d.DecidedAt && item('Decided', `${formatDateTime(d.DecidedAt, null)} by ${d.DecidedBy === 'auto' ? 'the automatic checks' : (d.DecidedBy ?? '')}`)}
        </SimpleGrid>
        {d.Decision && item(d.DisputeStatus === 'Submitted' ? 'Automatic checks' : 'Decision', d.Decision)}
      </Stack>
    </Card>
  );
}
