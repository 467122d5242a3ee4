// One lead's details (part 3 §3 Lead, agent view) with why it came to the agent ("Matched your order
// 12: state IL, ..."), the engine's summary of its decision.
import { Alert, Modal, Stack } from '@mantine/core';
import { ConsentEvidence } from '@/components/consent-evidence.tsx';
import { formatDateTime } from '@/components/date-time.ts';
import { FactsList } from '@/components/facts.tsx';
import { formatDollars } from '@/components/money.ts';
import { formatPhone } from '@/components/phone.ts';
import type { AgentLead } from './api/get-agent-leads.ts';

interface LeadDetailsDialogProps {
  lead: AgentLead;
  timeZone: string;
  showSource: boolean;
  onClose: () => void;
}

export function LeadDetailsDialog({ lead, timeZone, showSource, onClose }: LeadDetailsDialogProps) {
  const fields: [string, string | number | null][] = [
    ['Lead ID', lead.UserFacingLeadId],
    ['Order ID', lead.UserFacingOrderId],
    ['Received', formatDateTime(lead.LeadTimeStamp, timeZone)],
    ['Fund', lead.FundName],
    ...(showSource
      ? ([
          ['Campaign', lead.SourceCampaignName],
          ['Vendor', lead.VendorName],
          ['Company Price', formatDollars(lead.CompanyPurchasePrice)],
        ] as [string, string | null][])
      : []),
    ['Name', `${lead.FirstName} ${lead.LastName}`],
    ['Birth Date', lead.BirthDate],
    ['Email', lead.Email],
    ['Phone', formatPhone(lead.PrimaryPhone)],
    ['Address', lead.Address1],
    ['City', lead.City],
    ['State', lead.StateCode],
    ['Zip Code', lead.ZipCode],
    ['Price', formatDollars(lead.AgentPurchasePrice)],
    ['Score', lead.Score],
    ['Status', lead.LeadStatus],
    ['Dispute Status', lead.DisputeStatus],
    ['Dispute Date', lead.DisputeDateTime ? formatDateTime(lead.DisputeDateTime, timeZone) : null],
    ['Ordered By', `${lead.AgentFirstName} ${lead.AgentLastName} (${lead.AgentId})`],
    ['Delivered To', `${lead.RecipientFirstName} ${lead.RecipientLastName} (${lead.RecipientAgentId})`],
    ['Affiliate Code', lead.AffiliateCode],
    ['Universal Lead ID', lead.UniversalLeadId],
  ];
  return (
    <Modal opened onClose={onClose} title={`Lead ${lead.UserFacingLeadId}`} size="lg" centered>
      <Stack gap="md">
        <Alert variant="light" title="Why this lead">
          {lead.Why}
        </Alert>
        <FactsList facts={fields.filter(([, value]) => value !== null && value !== '')} />
        <ConsentEvidence consent={lead.Consent} timeZone={timeZone} />
      </Stack>
    </Modal>
  );
}
