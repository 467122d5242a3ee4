// Settings' E-mail and Text Alerts card (issue 23, beyond the spec): e-mail alerts to the account's
// address, text alerts to a mobile number proved by a texted code, which events each channel tells,
// and quiet hours in the account's time zone with what happens to alerts during them. The form is the
// PATCH body's own shape and is checked with the server's schema (shared/api/alert-settings.ts); a save
// sends only what the agent changed.
import { Alert, Badge, Button, Card, Checkbox, Divider, Group, Loader, Radio, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatPhone } from '@/components/phone.ts';
import {
  ALERT_EVENT_LABELS,
  alertSettingsPatchBody,
  EMAIL_ALERT_EVENTS,
  SMS_ALERT_EVENTS,
  SMS_CODE_DIGITS,
  smsCodeBody,
  smsNumberBody,
  type AlertSettingsPatchIn,
  type EmailAlertEvent,
  type QuietMode,
} from '#shared/api/alert-settings.ts';
import type { NotificationKind } from '#shared/api/notifications.ts';
import { useAlertSettings, type AlertSettings } from './api/get-alert-settings.ts';
import { useSetSmsNumber } from './api/set-sms-number.ts';
import { useUpdateAlertSettings } from './api/update-alert-settings.ts';
import { useVerifySmsNumber } from './api/verify-sms-number.ts';
import { ErrorMessages } from './error-messages.tsx';

export const ALERT_SETTINGS_SAVED = 'Alert settings saved';
export const SMS_NUMBER_VERIFIED = 'Mobile number verified: text alerts are on';

/** The form: the PATCH body's shape, every part present. */
export interface AlertFormValues {
  Email: { Enabled: boolean; Events: EmailAlertEvent[] };
  Sms: { Enabled: boolean; Events: NotificationKind[] };
  QuietHours: { Start: string; End: string } | null;
  QuietMode: QuietMode;
}

/** Quiet hours when first switched on: the night. */
const NIGHT = { Start: '21:00', End: '08:00' };

/** Every half hour of the day: value HH:MM, label as a clock shows it (9:30 PM). */
export const HALF_HOURS = Array.from({ length: 48 }, (_, i) => {
  const hour = Math.floor(i / 2);
  const minute = i % 2 ? '30' : '00';
  const value = `${String(hour).padStart(2, '0')}:${minute}`;
  const label = `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  return { value, label };
});

export function valuesOf(s: AlertSettings): AlertFormValues {
  return {
    Email: { Enabled: s.Email.Enabled, Events: [...s.Email.Events] },
    Sms: { Enabled: s.Sms.Enabled, Events: [...s.Sms.Events] },
    QuietHours: s.QuietHours ? { ...s.QuietHours } : null,
    QuietMode: s.QuietMode,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** What differs from the saved setting, and nothing else; undefined when nothing does. */
export function changedOnly(values: AlertFormValues, saved: AlertFormValues): AlertSettingsPatchIn | undefined {
  const email = {
    ...(values.Email.Enabled !== saved.Email.Enabled ? { Enabled: values.Email.Enabled } : {}),
    ...(!sameSet(values.Email.Events, saved.Email.Events) ? { Events: values.Email.Events } : {}),
  };
  const sms = {
    ...(values.Sms.Enabled !== saved.Sms.Enabled ? { Enabled: values.Sms.Enabled } : {}),
    ...(!sameSet(values.Sms.Events, saved.Sms.Events) ? { Events: values.Sms.Events } : {}),
  };
  const quietChanged = values.QuietHours?.Start !== saved.QuietHours?.Start || values.QuietHours?.End !== saved.QuietHours?.End;
  const body: AlertSettingsPatchIn = {
    ...(Object.keys(email).length ? { Email: email } : {}),
    ...(Object.keys(sms).length ? { Sms: sms } : {}),
    ...(quietChanged ? { QuietHours: values.QuietHours } : {}),
    ...(values.QuietMode !== saved.QuietMode ? { QuietMode: values.QuietMode } : {}),
  };
  return Object.keys(body).length ? body : undefined;
}

export function AlertSettingsCard({ agentId }: { agentId: string }) {
  const { data, error } = useAlertSettings(agentId);
  return (
    <Card withBorder padding="lg" role="region" aria-label="E-mail and Text Alerts">
      <Title order={2} size="h4" mb="xs">
        E-mail and Text Alerts
      </Title>
      {data ? <AlertSettingsForm key={JSON.stringify(valuesOf(data))} agentId={agentId} current={data} /> : error ? <ErrorMessages error={error} /> : <Loader size="sm" role="status" aria-label="Loading" />}
    </Card>
  );
}

function AlertSettingsForm({ agentId, current }: { agentId: string; current: AlertSettings }) {
  const update = useUpdateAlertSettings();
  const saved = valuesOf(current);
  const form = useForm<AlertFormValues>({
    // Controlled: the event boxes and the times read the switches while rendering.
    mode: 'controlled',
    initialValues: saved,
    validate: schemaResolver(alertSettingsPatchBody, { sync: true }),
  });
  const values = form.values;
  const body = changedOnly(values, saved);
  const edit = () => update.reset();

  const submit = form.onSubmit((v) => {
    const changed = changedOnly(v, saved);
    if (!changed) return;
    update.mutate({ agentId, body: changed }, { onSuccess: () => notifications.show({ message: ALERT_SETTINGS_SAVED, color: 'green' }) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Hear of a new lead the moment it is sold to you, wherever you are: by e-mail, by text message, or both. Each message has a link
          that turns it off.
        </Text>

        <Title order={3} size="h5">
          E-mail
        </Title>
        <Switch
          label="E-mail alerts"
          description={`To ${current.Email.Address}`}
          checked={values.Email.Enabled}
          onChange={(e) => {
            edit();
            form.setFieldValue('Email.Enabled', e.currentTarget.checked);
          }}
        />
        <Checkbox.Group
          label="E-mail me when"
          description="The low-balance e-mail is set in Low Balance Alert."
          value={values.Email.Events}
          onChange={(events) => {
            edit();
            form.setFieldValue('Email.Events', events as EmailAlertEvent[]);
          }}
          error={form.errors['Email.Events']}
        >
          <Stack gap={6} mt={6}>
            {EMAIL_ALERT_EVENTS.map((kind) => (
              <Checkbox key={kind} value={kind} label={ALERT_EVENT_LABELS[kind]} disabled={!values.Email.Enabled} />
            ))}
          </Stack>
        </Checkbox.Group>

        <Divider my="xs" />
        <Title order={3} size="h5">
          Text messages
        </Title>
        <SmsNumber agentId={agentId} current={current} />
        <Switch
          label="Text alerts"
          description={current.Sms.Verified ? `To ${formatPhone(current.Sms.Number ?? '')}` : 'Verify a mobile number first.'}
          checked={values.Sms.Enabled}
          disabled={!current.Sms.Verified && !values.Sms.Enabled}
          onChange={(e) => {
            edit();
            form.setFieldValue('Sms.Enabled', e.currentTarget.checked);
          }}
        />
        <Checkbox.Group
          label="Text me when"
          value={values.Sms.Events}
          onChange={(events) => {
            edit();
            form.setFieldValue('Sms.Events', events as NotificationKind[]);
          }}
          error={form.errors['Sms.Events']}
        >
          <Stack gap={6} mt={6}>
            {SMS_ALERT_EVENTS.map((kind) => (
              <Checkbox key={kind} value={kind} label={ALERT_EVENT_LABELS[kind]} disabled={!values.Sms.Enabled} />
            ))}
          </Stack>
        </Checkbox.Group>

        <Divider my="xs" />
        <Title order={3} size="h5">
          Quiet hours
        </Title>
        <Switch
          label="Quiet hours"
          description={`No alerts during these hours, in your time zone (${current.TimeZone}).`}
          checked={values.QuietHours !== null}
          onChange={(e) => {
            edit();
            form.setFieldValue('QuietHours', e.currentTarget.checked ? (saved.QuietHours ?? NIGHT) : null);
          }}
        />
        {values.QuietHours && (
          <Group gap="md" align="flex-start" wrap="wrap">
            <Select
              label="Quiet from"
              data={HALF_HOURS}
              allowDeselect={false}
              w={160}
              {...form.getInputProps('QuietHours.Start')}
              onChange={(value) => {
                edit();
                if (value) form.setFieldValue('QuietHours.Start', value);
              }}
            />
            <Select
              label="Quiet until"
              data={HALF_HOURS}
              allowDeselect={false}
              w={160}
              {...form.getInputProps('QuietHours.End')}
              onChange={(value) => {
                edit();
                if (value) form.setFieldValue('QuietHours.End', value);
              }}
            />
          </Group>
        )}
        <Radio.Group
          label="During quiet hours"
          value={values.QuietMode}
          onChange={(mode) => {
            edit();
            form.setFieldValue('QuietMode', mode as QuietMode);
          }}
        >
          <Stack gap={6} mt={6}>
            <Radio value="queue" label="Hold alerts and send them when quiet hours end" disabled={values.QuietHours === null} />
            <Radio value="drop" label="Do not send them" disabled={values.QuietHours === null} />
          </Stack>
        </Radio.Group>

        <ErrorMessages error={update.error} />
        <Group>
          <Button type="submit" disabled={!body} loading={update.isPending}>
            Save Alert Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The mobile number: Send code texts a new number a code (the number is then not verified until the
 * code is entered), and the code field appears while a code waits. Inside the settings form, so its
 * buttons are plain buttons and Enter in its fields does its own action, never the form's save.
 */
function SmsNumber({ agentId, current }: { agentId: string; current: AlertSettings }) {
  const setNumber = useSetSmsNumber();
  const verify = useVerifySmsNumber();
  const [number, setNumberText] = useState(current.Sms.Number ? formatPhone(current.Sms.Number) : '');
  const [code, setCode] = useState('');
  const [numberError, setNumberError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const waiting = current.Sms.Number !== null && !current.Sms.Verified && current.Sms.CodeExpiresAt !== null;

  const sendCode = () => {
    verify.reset();
    const parsed = smsNumberBody.safeParse({ PhoneNumber: number });
    setNumberError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    setCode('');
    setNumber.mutate({ agentId, phoneNumber: number });
  };
  const enterCode = () => {
    const parsed = smsCodeBody.safeParse({ Code: code });
    setCodeError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    verify.mutate({ agentId, code: parsed.data.Code }, { onSuccess: () => notifications.show({ message: SMS_NUMBER_VERIFIED, color: 'green' }) });
  };
  const onEnter = (action: () => void) => (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Mobile number"
          description="A US number that can receive texts."
          type="tel"
          autoComplete="tel-national"
          value={number}
          onChange={(e) => {
            setNumberText(e.currentTarget.value);
            setNumberError(undefined);
            setNumber.reset();
          }}
          onKeyDown={onEnter(sendCode)}
          error={numberError}
          w={220}
        />
        <Button type="button" variant="light" onClick={sendCode} loading={setNumber.isPending}>
          {waiting ? 'Send a new code' : 'Send code'}
        </Button>
        {current.Sms.Number && (
          <Badge color={current.Sms.Verified ? 'green' : 'yellow'} variant="light" mb={6}>
            {current.Sms.Verified ? 'Verified' : 'Not verified'}
          </Badge>
        )}
      </Group>
      <ErrorMessages error={setNumber.error} />
      {waiting && (
        <>
          <Alert color="blue" variant="light" role="status">
            We texted a {SMS_CODE_DIGITS}-digit code to {formatPhone(current.Sms.Number ?? '')}. Enter it to turn text alerts on.
          </Alert>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Code from the text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SMS_CODE_DIGITS}
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setCodeError(undefined);
                verify.reset();
              }}
              onKeyDown={onEnter(enterCode)}
              error={codeError}
              w={160}
            />
            <Button type="button" onClick={enterCode} loading={verify.isPending}>
              Verify
            </Button>
          </Group>
          <ErrorMessages error={verify.error} />
        </>
      )}
    </Stack>
  );
}
