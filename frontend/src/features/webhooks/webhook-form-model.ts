// The add/edit form of a CRM endpoint as the screen holds it (a row per lead field with "send" and its
// CRM name) and as the API takes it (webhookBody: only the sent fields, in order). The schema's issues
// are put back on the row or field that shows them, so the browser says what the server would.
import { schemaResolver } from '@mantine/form';
import { DEFAULT_FIELD_MAP, LEAD_FIELDS, webhookBody, type LeadField, type WebhookBodyIn, type WebhookDto, type WebhookFormat } from '#shared/api/webhooks.ts';
import type { NotificationKind } from '#shared/api/notifications.ts';

export interface FieldRow {
  Field: LeadField;
  Send: boolean;
  Name: string;
}

export interface WebhookFormValues {
  Url: string;
  Format: WebhookFormat;
  Events: NotificationKind[];
  Enabled: boolean;
  Fields: FieldRow[];
}

/** A new endpoint: every field under its own name, sold leads only, on. */
export function newWebhookValues(): WebhookFormValues {
  return { Url: '', Format: 'json', Events: ['LeadSold'], Enabled: true, Fields: DEFAULT_FIELD_MAP.map((f) => ({ ...f, Send: true })) };
}

/** An endpoint's values; fields it does not send keep their own name, ready to be ticked. */
export function webhookValues(webhook: WebhookDto): WebhookFormValues {
  const sent = new Map(webhook.FieldMap.map((f) => [f.Field, f.Name]));
  // Sent fields first in the endpoint's order, then the rest in the portal's order.
  const rows: FieldRow[] = [
    ...webhook.FieldMap.map((f) => ({ Field: f.Field, Send: true, Name: f.Name })),
    ...LEAD_FIELDS.filter((f) => !sent.has(f)).map((f) => ({ Field: f, Send: false, Name: f })),
  ];
  return { Url: webhook.Url, Format: webhook.Format, Events: [...webhook.Events], Enabled: webhook.Enabled, Fields: rows };
}

/** The field map the endpoint gets: the ticked rows, in order. */
export const fieldMapOf = (rows: FieldRow[]) => rows.filter((r) => r.Send).map(({ Field, Name }) => ({ Field, Name: Name.trim() }));

export function toWire(values: WebhookFormValues): WebhookBodyIn {
  return { Url: values.Url.trim(), Format: values.Format, FieldMap: fieldMapOf(values.Fields), Events: values.Events, Enabled: values.Enabled };
}

const resolve = schemaResolver(webhookBody, { sync: true });

/**
 * The schema's messages keyed by the form's fields: `Url`, `Events`, `Fields` (the whole mapping: none
 * sent, or a CRM name used twice) and `Fields.{row}.Name` (a row's CRM name).
 */
export function formErrors(values: WebhookFormValues): Record<string, string> {
  const errors = resolve(toWire(values) as never) as Record<string, string>;
  const sentRows = values.Fields.flatMap((r, i) => (r.Send ? [i] : []));
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head, index] = path.split('.');
    if (head === 'FieldMap') {
      const row = index === undefined ? undefined : sentRows[Number(index)];
      out[row === undefined ? 'Fields' : `Fields.${row}.Name`] ??= message;
    } else if (head) out[head] ??= message;
  }
  return out;
}
