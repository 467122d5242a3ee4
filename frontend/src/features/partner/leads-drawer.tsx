// One of the vendor's leads (issue 24): what they sent (name, state and zip, their own lead id), what
// became of it and why, what they were answered, the consent evidence they sent, and its returns with
// the decision and its evidence. A drawer from the right; full width on a phone.
import { Anchor, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/components/date-time.ts';
import { FactsTable } from '@/components/facts.tsx';
import { LeadDrawerFrame, LeadSection } from '@/components/lead-drawer-frame.tsx';
import { type PartnerLeadDetail, usePartnerLead } from './leads-api.ts';
import { ANSWER_WORDS, decisionWords, outcomeWords, RETURN_STATUS_WORDS } from './leads-words.ts';

const central = (at: string) => formatDateTime(at, null);

export function LeadDrawer({ vendorId, leadId, onClose }: { vendorId: string; leadId: string; onClose: () => void }) {
  const detail = usePartnerLead(vendorId, leadId);
  const title = detail.data ? `Lead ${detail.data.Lead.UserFacingLeadId}` : 'Lead';
  return (
    <LeadDrawerFrame title={title} detail={detail} onClose={onClose}>
      {(data) => <LeadBody detail={data} />}
    </LeadDrawerFrame>
  );
}

export function LeadBody({ detail }: { detail: PartnerLeadDetail }) {
  const lead = detail.Lead;
  const consent = lead.Consent;
  return (
    <Stack gap="md">
      <FactsTable
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

      <LeadSection title="Reasons">
        {lead.Reasons.length === 0 && (lead.Answer?.Reasons.length ?? 0) === 0 ? (
          <Text size="sm">None: the lead sold when it arrived.</Text>
        ) : (
          [...new Set([...(lead.Answer?.Reasons ?? []), ...lead.Reasons])].map((reason) => (
            <Text size="sm" key={reason}>
              {reason}
            </Text>
          ))
        )}
      </LeadSection>

      <LeadSection title="Consent evidence you sent">
        <FactsTable
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
      </LeadSection>

      <LeadSection title="Returns">
        {detail.Returns.length === 0 ? (
          <Text size="sm">No dispute of this lead.</Text>
        ) : (
          detail.Returns.map((r, i) => (
            <FactsTable
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
      </LeadSection>
    </Stack>
  );
}
