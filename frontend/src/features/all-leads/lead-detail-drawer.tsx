// One lead for staff (the added GET lead/{leadId}): who it is, where it came from, what the routing
// rule chose, who bought it and why, its disputes, and every order the engine considered with the
// reason each was passed over. A drawer from the right; full width on a phone.
import { Alert, Badge, Drawer, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ConsentEvidence } from '@/components/consent-evidence.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { formatPhone } from '@/components/phone.ts';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import { type LeadDetail, useLeadDetail } from './api/get-lead-detail.ts';
import { omittedWords, routingWords, saleWords, STATUS_WORDS, traceWords } from './lead-words.ts';

export function LeadDetailDrawer({ userFacingLeadId, timeZone, onClose }: { userFacingLeadId: number; timeZone: string | null; onClose: () => void }) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const detail = useLeadDetail(userFacingLeadId);
  return (
    <Drawer opened onClose={onClose} position="right" size={phone ? '100%' : 'lg'} title={`Lead ${userFacingLeadId}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      {detail.isPending && <Loader size="sm" aria-label="Loading the lead" />}
      {detail.isError && (
        <Alert color="red" title="The lead could not be loaded.">
          {detail.error.message}
        </Alert>
      )}
      {detail.data && <LeadDetailBody detail={detail.data} timeZone={timeZone} />}
    </Drawer>
  );
}

export function LeadDetailBody({ detail, timeZone }: { detail: LeadDetail; timeZone: string | null }) {
  const lead = detail.Lead;
  const facts: [string, string][] = [
    ['Status', STATUS_WORDS[lead.LeadStatus]],
    ['Received', formatDateTime(lead.LeadTimeStamp, timeZone)],
    ['Campaign', lead.SourceCampaignName],
    ['Vendor', lead.VendorName ?? 'Public form'],
    ['Name', `${lead.FirstName} ${lead.LastName}`],
    ['Phone', formatPhone(lead.PrimaryPhone)],
    ['Email', lead.Email ?? ''],
    ['Address', [lead.Address1, lead.City, `${lead.StateCode} ${lead.ZipCode}`].filter(Boolean).join(', ')],
    ['Score', lead.Score === null ? '' : String(lead.Score)],
    ['Disputes allowed', lead.AllowDisputes ? 'Yes' : 'No'],
  ];
  return (
    <Stack gap="md">
      <Table variant="vertical" layout="fixed" withTableBorder aria-label="The lead">
        <Table.Tbody>
          {facts
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="38%">{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>

      <Stack gap={4}>
        <Title order={2} size="h4">
          Routing
        </Title>
        <Text size="sm">{routingWords(detail)}</Text>
        {lead.Reasons.map((reason) => (
          <Text size="sm" key={reason}>
            {reason}
          </Text>
        ))}
      </Stack>

      <Stack gap={4}>
        <Title order={2} size="h4">
          Sales
        </Title>
        {detail.Sales.length === 0 ? (
          <Text size="sm">Not sold to any agent.</Text>
        ) : (
          detail.Sales.map((sale) => (
            <Stack gap={2} key={sale.OrderId}>
              <Text size="sm">{saleWords(sale)}</Text>
              <Text size="sm" c="dimmed">
                Why: {sale.Why}
              </Text>
            </Stack>
          ))
        )}
      </Stack>

      {detail.Disputes.length > 0 && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Disputes
          </Title>
          {detail.Disputes.map((d) => (
            <Stack gap={2} key={d.AgentId}>
              <Group gap="xs">
                <Badge variant="light">{d.DisputeStatus}</Badge>
                <Text size="sm">{formatDateTime(d.DisputeDateTime, timeZone)}</Text>
              </Group>
              <Text size="sm">
                {d.UserFacingReason}: {d.UserComments}
              </Text>
              {d.DecisionReason && <Text size="sm">Decision: {d.DecisionReason}</Text>}
            </Stack>
          ))}
        </Stack>
      )}

      <Stack gap={4}>
        <Title order={2} size="h4">
          Why this lead went where it went
        </Title>
        {detail.Trace.length === 0 ? (
          <Text size="sm">No order was considered.</Text>
        ) : (
          <List type="ordered" size="sm" spacing={4} aria-label="Orders considered">
            {detail.Trace.map((step, i) => (
              <List.Item key={`${step.OrderId}-${i}`} style={{ overflowWrap: 'anywhere' }}>
                {traceWords(step)}
              </List.Item>
            ))}
          </List>
        )}
        {detail.TraceOmitted.length > 0 && (
          <List size="sm" spacing={4} aria-label="Other orders passed over">
            {detail.TraceOmitted.map((o) => (
              <List.Item key={o.Reason} style={{ overflowWrap: 'anywhere' }}>
                {omittedWords(o)}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <ConsentEvidence consent={lead.Consent} timeZone={timeZone} />
    </Stack>
  );
}
