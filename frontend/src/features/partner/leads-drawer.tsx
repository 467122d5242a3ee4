// One of the vendor's leads (issue 24): what they sent (name, state and zip, their own lead id), what
// became of it and why, what they were answered, the consent evidence they sent, and its returns with
// the decision and its evidence. A drawer from the right; full width on a phone.
import { Alert, Anchor, Drawer, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime } from '@/components/date-time.ts';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import { type PartnerLeadDetail, usePartnerLead } from './leads-api.ts';
import { ANSWER_WORDS, decisionWords, outcomeWords, RETURN_STATUS_WORDS } from './leads-words.ts';

const central = (at: string) => formatDateTime(at, null);

export function LeadDrawer({ vendorId, leadId, onClose }: { vendorId: string; leadId: string; onClose: () => void }) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const detail = usePartnerLead(vendorId, leadId);
  const title = detail.data ? `Lead ${detail.data.Lead.UserFacingLeadId}` : 'Lead';
  return (
    <Drawer opened onClose={onClose} position="right" size={phone ? '100%' : 'lg'} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      {detail.isPending && <Loader size="sm" aria-label="Loading the lead" />}
      {detail.isError && (
        <Alert color="red" title="The lead could not be loaded.">
          {detail.error.message}
        </Alert>
      )}
      {detail.data && <LeadBody detail={detail.data} />}
    </Drawer>
  );
}

function Facts({ label, facts }: { label: string; facts: [string, string][] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label={label}>
      <Table.Tbody>
        {facts
          .filter(([, value]) => value !== '')
          .map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w="38%">{name}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

export function LeadBody({ detail }: { detail: PartnerLeadDetail }) {
  const lead = detail.Lead;
  const consent = lead.Consent;
  return (
    <Stack gap="md">
      <Facts
        label="The lead"
        facts={[
          ['Outcome', outcomeWords(lead)],
          ['Received', central(lead.LeadTimeStamp)],
          ['Your lead ID', lead.SourceId],
          ['Campaign', lead.CampaignName],
          ['Name', `${lead.FirstName} ${lead.LastName}`],
          ['State / Zip', `${lead.StateCode} ${lead.ZipCode}`],
          ['Answered', lead.Answer ? ANSWER_WORDS[lead.Answer.Result] : ''],
        ]}
      />

      <Stack gap={4}>
        <Title order={2} size="h4">
          Reasons
        </Title>
        {lead.Reasons.length === 0 && (lead.Answer?.Reasons.length ?? 0) === 0 ? (
          <Text size="sm">None: the lead sold when it arrived.</Text>
        ) : (
          [...new Set([...(lead.Answer?.Reasons ?? []), ...lead.Reasons])].map((reason) => (
            <Text size="sm" key={reason}>
              {reason}
            </Text>
          ))
        )}
      </Stack>

      <Stack gap={4}>
        <Title order={2} size="h4">
          Consent evidence you sent
        </Title>
        <Facts
          label="Consent evidence"
          facts={[
            ['Consent text', consent.Text],
            ['Text version', consent.TextVersion ?? ''],
            ['Given at', consent.At],
            ['IP address', consent.Ip],
            ['Page', consent.PageUrl],
          ]}
        />
        {consent.CertificateUrl && (
          <Text size="sm">
            Certificate:{' '}
            <Anchor href={consent.CertificateUrl} target="_blank" rel="noreferrer noopener" style={{ overflowWrap: 'anywhere' }}>
              {consent.CertificateUrl}
            </Anchor>
          </Text>
        )}
      </Stack>

      <Stack gap={4}>
        <Title order={2} size="h4">
          Returns
        </Title>
        {detail.Returns.length === 0 ? (
          <Text size="sm">No dispute of this lead.</Text>
        ) : (
          detail.Returns.map((r, i) => (
            <Facts
              key={`${r.DisputedAt}-${i}`}
              label={`Dispute ${i + 1}`}
              facts={[
                ['Status', RETURN_STATUS_WORDS[r.Status]],
                ['Reason', r.Reason],
                ['Disputed', central(r.DisputedAt)],
                ['Decision', decisionWords(r, central)],
                ['Evidence', r.Decision ?? ''],
              ]}
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}
