// Settings' CRM Delivery card (issue 23, beyond the spec): up to three web addresses of the agent's CRM
// that receive each sold lead (and, if chosen, dispute decisions and low-balance alerts), signed. Each
// endpoint shows its format, events, whether it is on, its secret's last four, since when it has been
// failing and how many deliveries are parked, with Edit, Send test, Delivery log, Rotate secret and
// Delete. The banner of an endpoint failing for over an hour shows at the top.
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { MAX_WEBHOOKS, WEBHOOK_MESSAGES, type WebhookDto } from '#shared/api/webhooks.ts';
import { useWebhooks } from '@/api/get-webhooks.ts';
import { formatDateTime } from '@/components/date-time.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { useDeleteWebhook } from './api/delete-webhook.ts';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret.ts';
import { useSendWebhookTest } from './api/send-webhook-test.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DeliveryLogDialog } from './delivery-log-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { attemptOutcome, attemptSucceeded, EVENT_LABELS, FORMAT_LABELS, lastAttempt } from './webhook-texts.ts';

export const CRM_DELIVERY_TITLE = 'CRM Delivery';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; webhook: WebhookDto }
  | { kind: 'log'; webhook: WebhookDto }
  | { kind: 'delete'; webhook: WebhookDto }
  | { kind: 'rotate'; webhook: WebhookDto }
  | { kind: 'secret'; url: string; secret: string };

interface CrmDeliveryCardProps {
  agentId: string;
  /** The account's time zone, for the times shown. */
  timeZone?: string | null | undefined;
}

export function CrmDeliveryCard({ agentId, timeZone }: CrmDeliveryCardProps) {
  const { data, error } = useWebhooks(agentId);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const limitId = useId();
  const full = (data?.Webhooks.length ?? 0) >= MAX_WEBHOOKS;

  return (
    <Card withBorder padding="lg" role="region" aria-label={CRM_DELIVERY_TITLE}>
      <Title order={2} size="h4" mb="xs">
        {CRM_DELIVERY_TITLE}
      </Title>
      {data?.Banner && (
        <Alert color="red" variant="light" role="alert" title="Leads are not reaching your CRM" mb="sm">
          {data.Banner}
        </Alert>
      )}
      <Text size="sm" mb="sm">
        Send every lead you buy straight into your CRM: each web address below receives an HTTP POST with the lead&apos;s fields under your
        CRM&apos;s names, signed so your CRM can check it came from us. Failed deliveries are retried for 24 hours.
      </Text>
      {!data ? (
        error ? (
          <ApiErrorAlert error={error} />
        ) : (
          <Loader size="sm" role="status" aria-label="Loading" />
        )
      ) : (
        <Stack gap="sm">
          {data.Webhooks.length === 0 ? (
            <Text size="sm" c="dimmed">
              No CRM endpoints yet.
            </Text>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="CRM endpoints">
              {data.Webhooks.map((w) => (
                <EndpointItem key={w.EndpointId} agentId={agentId} webhook={w} timeZone={timeZone} onOpen={setOpen} />
              ))}
            </Stack>
          )}
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => setOpen({ kind: 'add' })} disabled={full} aria-describedby={full ? limitId : undefined}>
              Add endpoint
            </Button>
            {full && (
              <Text size="sm" id={limitId}>
                {WEBHOOK_MESSAGES.tooMany}
              </Text>
            )}
          </Group>
        </Stack>
      )}

      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <WebhookFormDialog
          agentId={agentId}
          webhook={open.kind === 'edit' ? open.webhook : undefined}
          onClose={close}
          onCreated={(webhook, secret) => setOpen({ kind: 'secret', url: webhook.Url, secret })}
          onSaved={() => {
            close();
            notifications.show({ message: 'CRM endpoint saved', color: 'green' });
          }}
        />
      )}
      {open?.kind === 'secret' && <SecretDialog url={open.url} secret={open.secret} onClose={close} />}
      {open?.kind === 'log' && <DeliveryLogDialog agentId={agentId} webhook={open.webhook} timeZone={timeZone} onClose={close} />}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete CRM endpoint"
          confirmLabel="Delete"
          danger
          pending={remove.isPending}
          error={remove.error}
          onClose={() => (remove.reset(), close())}
          onConfirm={() =>
            remove.mutate(
              { agentId, endpointId: open.webhook.EndpointId },
              { onSuccess: () => (close(), notifications.show({ message: 'CRM endpoint deleted', color: 'green' })) },
            )
          }
        >
          {open.webhook.Url} will stop receiving leads, and its delivery log is deleted.
        </ConfirmDialog>
      )}
      {open?.kind === 'rotate' && (
        <ConfirmDialog
          title="Rotate the signing secret"
          confirmLabel="Rotate secret"
          pending={rotate.isPending}
          error={rotate.error}
          onClose={() => (rotate.reset(), close())}
          onConfirm={() =>
            rotate.mutate(
              { agentId, endpointId: open.webhook.EndpointId },
              { onSuccess: (answer) => setOpen({ kind: 'secret', url: answer.Webhook.Url, secret: answer.Secret }) },
            )
          }
        >
          Deliveries to {open.webhook.Url} are signed with a new secret from now on: give it to your CRM, or it will refuse them.
        </ConfirmDialog>
      )}
    </Card>
  );
}

interface EndpointItemProps {
  agentId: string;
  webhook: WebhookDto;
  timeZone: string | null | undefined;
  onOpen: (open: Open) => void;
}

function EndpointItem({ agentId, webhook: w, timeZone, onOpen }: EndpointItemProps) {
  const test = useSendWebhookTest();
  const urlId = useId();
  const sent = test.data ? lastAttempt(test.data) : undefined;
  const action = { size: 'xs', 'aria-describedby': urlId } as const;
  return (
    <Card component="li" withBorder padding="sm" aria-labelledby={urlId}>
      <Stack gap={6}>
        <Text fw={600} id={urlId} style={{ overflowWrap: 'anywhere' }}>
          {w.Url}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color="gray">
            {FORMAT_LABELS[w.Format]}
          </Badge>
          <Badge variant="light" color={w.Enabled ? 'green' : 'gray'}>
            {w.Enabled ? 'Enabled' : 'Disabled'}
          </Badge>
          {w.FailingSince && (
            <Badge variant="light" color="red">
              Failing since {formatDateTime(w.FailingSince, timeZone)}
            </Badge>
          )}
          {w.Parked > 0 && (
            <Badge variant="light" color="orange">
              {w.Parked} parked
            </Badge>
          )}
        </Group>
        <Text size="sm">Events: {w.Events.map((e) => EVENT_LABELS[e]).join(', ')}</Text>
        <Text size="sm">
          {w.FieldMap.length} field{w.FieldMap.length === 1 ? '' : 's'} sent · Secret ends in {w.SecretLast4}
        </Text>
        <Group gap={6} wrap="wrap">
          <Button {...action} variant="default" onClick={() => onOpen({ kind: 'edit', webhook: w })}>
            Edit
          </Button>
          <Button {...action} variant="default" loading={test.isPending} onClick={() => test.mutate({ agentId, endpointId: w.EndpointId })}>
            Send test
          </Button>
          <Button {...action} variant="default" onClick={() => onOpen({ kind: 'log', webhook: w })}>
            Delivery log
          </Button>
          <Button {...action} variant="default" onClick={() => onOpen({ kind: 'rotate', webhook: w })}>
            Rotate secret
          </Button>
          <Button {...action} variant="outline" color="red.8" onClick={() => onOpen({ kind: 'delete', webhook: w })}>
            Delete
          </Button>
        </Group>
        <div role="status">
          {sent && (
            <Text size="sm" c={attemptSucceeded(sent) ? 'green.9' : 'red.8'}>
              {attemptSucceeded(sent) ? 'Test delivered' : 'Test failed'}: {attemptOutcome(sent)}
            </Text>
          )}
        </div>
        <ApiErrorAlert error={test.error} title="Unable to send the test" />
      </Stack>
    </Card>
  );
}
