// The staff decision on a dispute: Approve (credits the buying agent the sale's price) or Deny, with a
// reason that is required and recorded (the shared schema's rules and messages).
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DECISION_REASON_MAX, decideDisputeBody, type DisputeRowDto } from '#shared/api/disputes.ts';
import { ApiError } from '@/api/client.ts';
import { formatDollars } from '@/components/money.ts';
import { useDecideDispute } from './api/decide-dispute.ts';

export type DecisionKind = 'Approve' | 'Deny';

interface DecisionDialogProps {
  dispute: DisputeRowDto;
  kind: DecisionKind;
  onClose: () => void;
  onDecided: (row: DisputeRowDto) => void;
}

export function DecisionDialog({ dispute, kind, onClose, onDecided }: DecisionDialogProps) {
  const decide = useDecideDispute();
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const parsed = decideDisputeBody.safeParse({ AgentId: dispute.AgentId, Decision: kind, Reason: reason });

  const submit = () => {
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    setProblems([]);
    decide.mutate(
      { leadId: dispute.LeadId, ...parsed.data },
      {
        onSuccess: onDecided,
        onError: (err) => setProblems(err instanceof ApiError && err.messages.length > 0 ? err.messages : ['The decision could not be saved. Please try again.']),
      },
    );
  };

  const title = kind === 'Approve' ? 'Approve Dispute' : 'Deny Dispute';
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {kind === 'Approve'
              ? `Lead ${dispute.UserFacingLeadId}: ${formatDollars(dispute.AgentPurchasePrice)} will be credited to ${dispute.AgentName}.`
              : `Lead ${dispute.UserFacingLeadId}: the dispute will be denied and nothing credited.`}
          </Text>
          {problems.length > 0 && (
            <Alert color="red" role="alert" title="Unable to save the decision">
              {problems.map((m) => (
                <Text key={m} size="sm">
                  {m}
                </Text>
              ))}
            </Alert>
          )}
          <Textarea
            label="Reason"
            required
            rows={3}
            maxLength={DECISION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            description={`${reason.length} of ${DECISION_REASON_MAX} characters`}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={kind === 'Approve' ? 'green.8' : undefined} loading={decide.isPending} disabled={!parsed.success}>
              {kind}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
