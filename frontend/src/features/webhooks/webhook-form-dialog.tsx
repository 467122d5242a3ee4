// The add/edit dialog of a CRM endpoint (issue 23): URL, body format, events, on/off, and the field
// mapping (a row per lead field: send it or not, and under which CRM name), with a live preview of the
// body the server would post for a sample lead (the contract's own deliveryBody). It is checked by the
// schema the server parses the body with (shared/api/webhooks.ts), so both show the same words.
import { Button, Checkbox, Code, Group, Modal, Radio, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { deliveryBody, SAMPLE_LEAD, type WebhookDto } from '#shared/api/webhooks.ts';
import { NOTIFICATION_KINDS } from '#shared/api/notifications.ts';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { useCreateWebhook, useUpdateWebhook } from './api/save-webhook.ts';
import { EVENT_LABELS, FORMAT_LABELS } from './webhook-texts.ts';
import { fieldMapOf, formErrors, newWebhookValues, toWire, webhookValues, type WebhookFormValues } from './webhook-form-model.ts';

interface WebhookFormDialogProps {
  agentId: string;
  /** The endpoint to edit; none to add one. */
  webhook?: WebhookDto | undefined;
  onClose: () => void;
  /** A new endpoint was made: its secret, to show once. */
  onCreated: (webhook: WebhookDto, secret: string) => void;
  /** An endpoint was saved. */
  onSaved: (webhook: WebhookDto) => void;
}

export function WebhookFormDialog({ agentId, webhook, onClose, onCreated, onSaved }: WebhookFormDialogProps) {
  const title = webhook ? 'Edit CRM endpoint' : 'Add CRM endpoint';
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = webhook ? update : create;
  const form = useForm<WebhookFormValues>({
    mode: 'controlled',
    initialValues: webhook ? webhookValues(webhook) : newWebhookValues(),
    validate: formErrors,
  });
  const preview = deliveryBody(SAMPLE_LEAD, fieldMapOf(form.values.Fields), form.values.Format);

  const submit = form.onSubmit((values) => {
    const body = toWire(values);
    if (webhook) update.mutate({ agentId, endpointId: webhook.EndpointId, body }, { onSuccess: onSaved });
    else create.mutate({ agentId, body }, { onSuccess: (answer) => onCreated(answer.Webhook, answer.Secret) });
  });

  return (
    <Modal opened onClose={onClose} title={title} size="xl" fullScreen={phone} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="URL"
            description="Where each delivery is posted: an https:// address of your CRM."
            placeholder="https://crm.example.com/leads"
            withAsterisk
            type="url"
            maxLength={2048}
            {...form.getInputProps('Url')}
          />
          <Radio.Group label="Format" description="How the lead's fields are sent in the body." {...form.getInputProps('Format')}>
            <Group gap="md" mt={6}>
              <Radio value="json" label={FORMAT_LABELS.json} />
              <Radio value="form" label={FORMAT_LABELS.form} />
            </Group>
          </Radio.Group>
          <Checkbox.Group label="Events" description="What is sent to this address." withAsterisk {...form.getInputProps('Events')}>
            <Group gap="md" mt={6} wrap="wrap">
              {NOTIFICATION_KINDS.map((kind) => (
                <Checkbox key={kind} value={kind} label={EVENT_LABELS[kind]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch label="Enabled" description="When off, nothing is sent to this address." {...form.getInputProps('Enabled', { type: 'checkbox' })} />
          <Stack gap={4}>
            <Title order={3} size="h5" id="field-mapping-title">
              Field mapping
            </Title>
            <Text size="sm" c="dimmed">
              Tick the lead fields to send and the name your CRM expects for each.
            </Text>
            <Table aria-labelledby="field-mapping-title" verticalSpacing={4} horizontalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lead field</Table.Th>
                  <Table.Th>Send</Table.Th>
                  <Table.Th>CRM name</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.values.Fields.map((row, i) => (
                  <Table.Tr key={row.Field}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.Field}</Table.Td>
                    <Table.Td>
                      <Checkbox aria-label={`Send ${row.Field}`} {...form.getInputProps(`Fields.${i}.Send`, { type: 'checkbox' })} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput aria-label={`CRM name for ${row.Field}`} size="xs" maxLength={64} disabled={!row.Send} {...form.getInputProps(`Fields.${i}.Name`)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {form.errors.Fields && (
              <Text size="sm" c="red.8" role="alert">
                {form.errors.Fields}
              </Text>
            )}
          </Stack>
          <Stack gap={4} component="figure" m={0} aria-labelledby="body-preview-title">
            <Title order={3} size="h5" id="body-preview-title">
              Body preview
            </Title>
            <Text size="sm" c="dimmed">
              A sample lead as your CRM would receive it (Content-Type: {preview.contentType}).
            </Text>
            <Code block data-testid="body-preview" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {preview.body}
            </Code>
          </Stack>
          <ApiErrorAlert error={saving.error} title="Unable to save the endpoint" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isPending}>
              Save endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
