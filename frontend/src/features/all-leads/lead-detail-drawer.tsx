// One lead for staff (the added GET lead/{leadId}): who it is, where it came from, what the routing
// rule chose, who bought it and why, its disputes, and every order the engine considered with the
// reason each was passed over. A drawer from the right; full width on a phone.
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { ConsentEvidence } from '@/components/consent-evidence.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { FactsTable } from '@/components/facts.tsx';
import { LeadDrawerFrame, LeadSection } from '@/components/lead-drawer-frame.tsx';
import { formatPhone } from '@/components/phone.ts';
import { type LeadDetail, useLeadDetail } from './api/get-lead-detail.ts';
import { omittedWords, routingWords, saleWords, STATUS_WORDS, traceWords } from './lead-words.ts';

export function LeadDetailDrawer({ userFacingLeadId, timeZone, onClose }: { userFacingLeadId: number; timeZone: string | null; onClose: () => void }) {
  const detail = useLeadDetail(userFacingLeadId);
  return (
    <LeadDrawerFrame title={`Lead ${userFacingLeadId}`} detail={detail} onClose={onClose}>
      {(data) => <LeadDetailBody detail={data} timeZone={timeZone} />}
    </LeadDrawerFrame>
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
      <FactsTable label="The lead" facts={facts} />

      <LeadSection title="Routing">
        <Text size="sm">{routingWords(detail)}</Text>
        {lead.Reasons.map((reason) => (
          <Text size="sm" key={reason}>
            {reason}
          </Text>
        ))}
      </LeadSection>

      <LeadSection title="Sales">
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
      </LeadSection>

      {detail.Disputes.length > 0 && (
        <LeadSection title="Disputes">
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
        </LeadSection>
      )}

      <LeadSection title="Why this lead went where it went">
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
      </LeadSection>
      <ConsentEvidence consent={lead.Consent} timeZone={timeZone} />
    </Stack>
  );
}
