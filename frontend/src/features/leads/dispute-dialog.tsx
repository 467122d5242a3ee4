// The dispute dialog (part 3 §4, §5, §8): the vendor's reasons, comments of at most 255 characters, Submit
// disabled until both are filled; a failure shows the snackbar 'Could not save a dispute.' and keeps
// the dialog open; a success closes it and the row shows the dispute (Submitted, or a pre-check's
// decision) at once, before the refetch confirms it.
import { Button, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DISPUTE_COMMENTS_MAX } from '#shared/api/disputes.ts';
import type { AgentLead, AgentLeadsPage } from './api/get-agent-leads.ts';
import { leadKeys } from './api/get-agent-leads.ts';
import { useDisputeReasons } from './api/get-dispute-reasons.ts';
import { useSubmitDispute, type DisputeAnswer } from './api/submit-dispute.ts';

export const DISPUTE_FAILED = 'Could not save a dispute.';
/** Part 3 §8: snackbars hide after 3 seconds. */
const SNACKBAR_MS = 3_000;

interface DisputeDialogProps {
  /** The agent whose leads the page shows (their pages are refreshed). */
  agentId: string;
  lead: AgentLead;
  onClose: () => void;
}

export function DisputeDialog({ agentId, lead, onClose }: DisputeDialogProps) {
  const queryClient = useQueryClient();
  const reasons = useDisputeReasons(lead.VendorId, lead.LeadId);
  const submit = useSubmitDispute(agentId);
  const [reason, setReason] = useState<string | null>(null);
  const [comments, setComments] = useState('');
  const ready = reason !== null && comments.trim().length > 0 && comments.length <= DISPUTE_COMMENTS_MAX;

  const showDispute = (answer: DisputeAnswer) =>
    queryClient.setQueriesData<AgentLeadsPage>({ queryKey: leadKeys.agent(agentId) }, (page) =>
      page && {
        ...page,
        Leads: page.Leads.map((l) =>
          l.LeadId === answer.LeadId && l.AgentId === lead.AgentId
            ? { ...l, HasDispute: true, DisputeStatus: answer.DisputeStatus, DisputeDateTime: answer.DisputeDateTime }
            : l,
        ),
      },
    );

  const send = () => {
    if (!ready) return;
    submit.mutate(
      { LeadId: lead.LeadId, VendorReason: reason, UserComments: comments.trim() },
      {
        onSuccess: (answer) => {
          showDispute(answer);
          onClose();
        },
        onError: () => notifications.show({ message: DISPUTE_FAILED, color: 'red', autoClose: SNACKBAR_MS }),
      },
    );
  };

  const title = `Dispute Lead ${lead.UserFacingLeadId}`;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="sm">
        <Text size="sm">
          {lead.FirstName} {lead.LastName}, {lead.StateCode} {lead.ZipCode}
        </Text>
        {reasons.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading reasons" />
        ) : (
          <Select
            label="Reason"
            placeholder="Choose a reason"
            required
            data={(reasons.data ?? []).map((r) => ({ value: r.VendorReason, label: r.UserFacingReason }))}
            value={reason}
            onChange={setReason}
            comboboxProps={{ withinPortal: true }}
            nothingFoundMessage="No reasons"
          />
        )}
        <Textarea
          label="Comments"
          required
          rows={4}
          maxLength={DISPUTE_COMMENTS_MAX}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value.slice(0, DISPUTE_COMMENTS_MAX))}
          description={`${comments.length}/${DISPUTE_COMMENTS_MAX}`}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} disabled={!ready} loading={submit.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
