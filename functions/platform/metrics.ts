// Business and API metrics as CloudWatch embedded metric format lines (AWS Lambda Powertools Metrics),
// namespace LeadPortal. Each `emit` prints its own EMF line at once, with its own dimensions, so
// requests served side by side (the local gateway, the lead engine's concurrent decisions) never share
// a buffer and nothing waits for the end of an invocation. Off outside Lambda unless
// POWERTOOLS_METRICS_DISABLED=false turns it on (local stack and tests stay quiet); in Lambda on unless
// POWERTOOLS_METRICS_DISABLED=true or POWERTOOLS_DEV is set. The names are listed in docs/operations.md
// and the CDK alarms and dashboard (infra/lib/observability.ts) read them by the same constants.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { inLambda } from './logger.ts';

export const METRICS_NAMESPACE = 'LeadPortal';
export const METRICS_SERVICE = 'leadportal';

/** Every metric the functions emit, with its unit. */
export const METRIC = {
  /** Per route (dimension Route): the time from the chain's start to the answer. */
  routeLatency: { name: 'RouteLatency', unit: MetricUnit.Milliseconds },
  /** Per route: 1 when the answer was a 4xx, else 0 (its average is the route's 4xx rate). */
  route4xx: { name: 'Route4xx', unit: MetricUnit.Count },
  route5xx: { name: 'Route5xx', unit: MetricUnit.Count },
  /** Per outcome (dimension Outcome: sold, unsold, callCenter, duplicate, rejected, ...). */
  leadOutcome: { name: 'LeadOutcome', unit: MetricUnit.Count },
  leadDecisionLatency: { name: 'LeadDecisionLatency', unit: MetricUnit.Milliseconds },
  /** Per movement type (dimension Type: the ledger entry's type), count and cents. */
  moneyMovement: { name: 'MoneyMovement', unit: MetricUnit.Count },
  moneyMovementCents: { name: 'MoneyMovementCents', unit: MetricUnit.Count },
  /** Now minus the record's ApproximateCreationDateTime, per record applied. */
  projectorLag: { name: 'ProjectorLag', unit: MetricUnit.Milliseconds },
  projectorRecords: { name: 'ProjectorRecords', unit: MetricUnit.Count },
  projectorFailures: { name: 'ProjectorFailures', unit: MetricUnit.Count },
  /** The same three of the delivery function (the stream's second reader: notifications, webhooks, alerts). */
  deliveryLag: { name: 'DeliveryLag', unit: MetricUnit.Milliseconds },
  deliveryRecords: { name: 'DeliveryRecords', unit: MetricUnit.Count },
  deliveryFailures: { name: 'DeliveryFailures', unit: MetricUnit.Count },
  /** Per job (dimension Job). */
  jobRuns: { name: 'JobRuns', unit: MetricUnit.Count },
  jobRows: { name: 'JobRows', unit: MetricUnit.Count },
  jobFailures: { name: 'JobFailures', unit: MetricUnit.Count },
  /** Dimension Result: credited, declined, capped. */
  autoRecharge: { name: 'AutoRecharge', unit: MetricUnit.Count },
  balanceAlertSent: { name: 'BalanceAlertSent', unit: MetricUnit.Count },
  livePushes: { name: 'LivePushes', unit: MetricUnit.Count },
  livePushFailures: { name: 'LivePushFailures', unit: MetricUnit.Count },
  /** E-mail and SMS alerts of notifications (dimension Channel: email, sms): sent, and sends that failed (each try). */
  alertSent: { name: 'AlertSent', unit: MetricUnit.Count },
  alertFailures: { name: 'AlertFailures', unit: MetricUnit.Count },
  /** Dimension Outcome: delivered, retrying, parked, replayed. */
  webhookDeliveries: { name: 'WebhookDeliveries', unit: MetricUnit.Count },
  /** An endpoint failing for over an hour (its agent sees a banner). */
  webhookEndpointFailing: { name: 'WebhookEndpointFailing', unit: MetricUnit.Count },
} as const;

export type MetricName = keyof typeof METRIC;

export function metricsEnabled(): boolean {
  const setting = process.env.POWERTOOLS_METRICS_DISABLED;
  if (setting !== undefined && setting !== '') return !['1', 'true', 'yes', 'on'].includes(setting.toLowerCase());
  return inLambda() && !process.env.POWERTOOLS_DEV;
}

/** Prints one EMF line now: the values under the given dimensions. No-op when metrics are off. */
export function emit(dimensions: Record<string, string>, values: Partial<Record<MetricName, number>>): void {
  if (!metricsEnabled()) return;
  const entries = Object.entries(values).filter((e): e is [MetricName, number] => typeof e[1] === 'number' && Number.isFinite(e[1]));
  if (entries.length === 0) return;
  try {
    const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });
    for (const [name, value] of Object.entries(dimensions)) metrics.addDimension(name, value);
    for (const [key, value] of entries) metrics.addMetric(METRIC[key].name, METRIC[key].unit, value);
    metrics.publishStoredMetrics();
  } catch {
    // A metric never fails the work it measures (an invalid dimension value, say).
  }
}
