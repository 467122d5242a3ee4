// What someone on call sees: the alarms (API 5xx rate, p99 latency of vendor intake and the money
// routes, throttles of the table and of every index, the iterator age of the projector and of the delivery
// function (the stream's two readers) and the delivery function's failures, every dead-letter
// queue's depth, job failures, the live socket's failures, the CRM delivery worker's failures and endpoints
// failing for an hour), all notifying one SNS topic the deployment
// names, and one dashboard with those metrics beside the functions' own (EMF, namespace LeadPortal:
// functions/platform/metrics.ts).
// docs/operations.md lists each alarm with its threshold and what to do when it fires.
import { Construct } from 'constructs';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  type IMetric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { TABLE_KEYS } from '#platform/table-definition.ts';
import type { RouteId } from '#shared/manifest.ts';
import type { ApiFunction } from './api-function.ts';
import type { DataTable } from './data-table.ts';
import type { LiveSocketApi } from './live-socket-api.ts';
import type { ManifestHttpApi } from './manifest-http-api.ts';
import type { StageConfig } from './stage-config.ts';

/** The functions' EMF namespace and service dimension (functions/platform/metrics.ts; a test holds them equal). */
export const METRICS_NAMESPACE = 'LeadPortal';
export const METRICS_SERVICE = 'leadportal';

/** Routes whose p99 latency pages someone, with the threshold in milliseconds. */
export const LATENCY_ALARMS: { route: RouteId; p99Ms: number }[] = [
  { route: 'intake.postLead', p99Ms: 1_000 },
  { route: 'account.agentTransfer', p99Ms: 2_000 },
  { route: 'account.pointAndClickTransfer', p99Ms: 2_000 },
  { route: 'account.creditDebit', p99Ms: 2_000 },
];

/** Thresholds, in one place for the docs and the tests. */
export const THRESHOLDS = {
  /** Percent of API requests answered 5xx over 5 minutes (with at least 20 requests), 2 of 3 periods. */
  api5xxPercent: 2,
  /** Throttled requests per 5 minutes, per table or index and per read or write. */
  throttles: 10,
  /** The projector's oldest unprocessed record, ms, 3 minutes running. */
  iteratorAgeMs: 60_000,
  /**
   * The delivery function's oldest unprocessed record, ms, 3 minutes running: tighter than the projector's,
   * as its lag is the time a sold lead takes to reach its agent (push, CRM, e-mail, text).
   */
  deliveryIteratorAgeMs: 10_000,
  /**
   * Failed invocations of the delivery function per 5 minutes: it reports a record it cannot apply as a batch
   * item failure itself, so an invocation fails only when the function cannot start or times out.
   */
  deliveryErrors: 0,
  /** Messages waiting in a dead-letter queue. */
  dlqDepth: 0,
  /** Failed invocations of a job function per 5 minutes. */
  jobErrors: 0,
  /**
   * Failed invocations of the live socket function per 5 minutes: it answers a failed event with a 500
   * itself, so an invocation fails only when the function cannot start or times out, and no socket opens.
   */
  liveSocketErrors: 0,
  /**
   * Failed invocations of the webhook delivery worker per 5 minutes: it answers a message it could not work as
   * a batch item failure itself, so an invocation fails only when the function cannot start or times out.
   */
  webhookWorkerErrors: 0,
  /** WebhookEndpointFailing in an hour: an agent was shown the banner of an endpoint failing for over an hour. */
  webhookEndpointFailing: 0,
} as const;

export interface ObservabilityProps {
  config: StageConfig;
  data: DataTable;
  api: ManifestHttpApi;
  areaFunctions: Record<string, ApiFunction>;
  /** Functions run by EventBridge schedules or S3 notifications. */
  jobFunctions: Record<string, ApiFunction>;
  projector: ApiFunction;
  /** The stream's second reader: notifications, live push, CRM deliveries, e-mail and SMS alerts. */
  deliveries: ApiFunction;
  /** The live socket's WebSocket API and the function behind its routes. */
  liveSockets: LiveSocketApi;
  liveSocket: ApiFunction;
  /** The CRM delivery worker and the webhook delivery queue that feeds it (its dead-letter queue is in deadLetterQueues). */
  webhookWorker: ApiFunction;
  webhookQueue: IQueue;
  /** Every dead-letter or on-failure queue, by a name for its alarm. */
  deadLetterQueues: Record<string, IQueue>;
}

const FIVE_MINUTES = Duration.minutes(5);

const emf = (metricName: string, dimensionsMap: Record<string, string> = {}, statistic = 'Sum') =>
  new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: METRICS_SERVICE, ...dimensionsMap }, statistic, period: FIVE_MINUTES });

/** Every series of an EMF metric whatever its extra dimensions' values (outcomes, types, jobs). */
const emfSearch = (metricName: string, dimensions: string[], statistic = 'Sum', label = metricName) =>
  new MathExpression({
    expression: `SEARCH('{${METRICS_NAMESPACE},${['service', ...dimensions].join(',')}} MetricName="${metricName}"', '${statistic}', 300)`,
    label,
    usingMetrics: {},
    period: FIVE_MINUTES,
  });

export class Observability extends Construct {
  readonly topic: ITopic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const { config, data, api } = props;
    this.topic = config.alarms.topicArn ? Topic.fromTopicArn(this, 'AlarmTopic', config.alarms.topicArn) : this.makeTopic(config.alarms);
    const action = new SnsAction(this.topic);
    const alarm = (alarmId: string, props: ConstructorParameters<typeof Alarm>[2]) => {
      const made = new Alarm(this, alarmId, { treatMissingData: TreatMissingData.NOT_BREACHING, ...props });
      made.addAlarmAction(action);
      made.addOkAction(action);
      this.alarms.push(made);
      return made;
    };

    // The API: 5xx rate over all routes.
    const requests = api.api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = api.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const errorRate = new MathExpression({ expression: 'IF(requests >= 20, 100 * errors / requests, 0)', usingMetrics: { requests, errors: serverErrors }, label: 'API 5xx %', period: FIVE_MINUTES });
    alarm('Api5xxRate', {
      alarmDescription: `More than ${THRESHOLDS.api5xxPercent}% of API requests answered 5xx (5 minutes, 2 of 3)`,
      metric: errorRate,
      threshold: THRESHOLDS.api5xxPercent,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // p99 latency of vendor intake and the money routes (RouteLatency, from the area chain).
    const latencies = LATENCY_ALARMS.map(({ route, p99Ms }) => {
      const metric = emf('RouteLatency', { Route: route }, 'p99');
      alarm(`Latency-${route.replace(/\./g, '-')}`, {
        alarmDescription: `p99 latency of ${route} above ${p99Ms} ms (5 minutes, 3 running)`,
        metric,
        threshold: p99Ms,
        evaluationPeriods: 3,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
      return metric;
    });

    // Throttles of the table and of each index, reads and writes apart (a throttled index throttles the table's writes).
    const throttleMetrics: IMetric[] = [];
    for (const index of [undefined, ...TABLE_KEYS.indexes.map((i) => i.name)]) {
      for (const kind of ['Read', 'Write'] as const) {
        const metric = new Metric({
          namespace: 'AWS/DynamoDB',
          metricName: `${kind}ThrottleEvents`,
          dimensionsMap: { TableName: data.table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
          statistic: 'Sum',
          period: FIVE_MINUTES,
        });
        // A label would turn the alarm's metric into an expression; only the dashboard's copy has one.
        throttleMetrics.push(metric.with({ label: `${index ?? 'table'} ${kind.toLowerCase()}` }));
        alarm(`Throttles-${index ?? 'table'}-${kind}`, {
          alarmDescription: `${kind} throttles on ${index ? `index ${index}` : 'the table'}: more than ${THRESHOLDS.throttles} in 5 minutes`,
          metric,
          threshold: THRESHOLDS.throttles,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        });
      }
    }

    // The views lag their facts by the stream's iterator age.
    const iteratorAge = props.projector.fn.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(1) });
    alarm('ProjectorIteratorAge', {
      alarmDescription: 'The projector is more than a minute behind the table stream: lists, reports and events are stale',
      metric: iteratorAge,
      threshold: THRESHOLDS.iteratorAgeMs,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    // Agents hear of their sales, disputes and low balances late by the delivery function's iterator age.
    const deliveriesIteratorAge = props.deliveries.fn.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(1) });
    alarm('DeliveriesIteratorAge', {
      alarmDescription: 'The delivery function is more than 10 s behind the table stream: notifications, CRM deliveries and alerts are late',
      metric: deliveriesIteratorAge,
      threshold: THRESHOLDS.deliveryIteratorAgeMs,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    const deliveriesErrors = props.deliveries.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
    alarm('DeliveriesErrors', {
      alarmDescription: 'The delivery function failed (Lambda Errors in 5 minutes): its batch is retried, agents hear late',
      metric: deliveriesErrors,
      threshold: THRESHOLDS.deliveryErrors,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // Every dead-letter queue: anything in it is work that failed every retry.
    const depths = Object.entries(props.deadLetterQueues).map(([name, queue]) => {
      const metric = queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' });
      alarm(`DeadLetters-${name}`, {
        alarmDescription: `Messages are waiting in ${name}: work that failed every retry`,
        metric,
        threshold: THRESHOLDS.dlqDepth,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
      return metric.with({ label: name });
    });

    // Job functions (schedules and S3 notifications): a failed invocation.
    const jobErrors = Object.entries(props.jobFunctions).map(([job, fn]) => {
      const metric = fn.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
      alarm(`JobErrors-${job}`, {
        alarmDescription: `The ${job} job failed (Lambda Errors in 5 minutes)`,
        metric,
        threshold: THRESHOLDS.jobErrors,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
      return metric.with({ label: job });
    });

    // The live socket's function: while it fails, no agent's tab gets a socket (pushes wait for the catch-up).
    const liveSocketErrors = props.liveSocket.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
    alarm('LiveSocketErrors', {
      alarmDescription: 'The live socket function failed (Lambda Errors in 5 minutes): tabs cannot open live notifications',
      metric: liveSocketErrors,
      threshold: THRESHOLDS.liveSocketErrors,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    // The CRM delivery worker: while it fails, deliveries wait in the queue (and after 5 receives in its dead-letter queue).
    const webhookWorkerErrors = props.webhookWorker.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
    alarm('WebhookWorkerErrors', {
      alarmDescription: 'The webhook delivery worker failed (Lambda Errors in 5 minutes): CRM deliveries wait in the queue',
      metric: webhookWorkerErrors,
      threshold: THRESHOLDS.webhookWorkerErrors,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    // Emitted while an agent's endpoint has failed for over an hour (as the agent's banner is shown); an hour's
    // period keeps the alarm up between views instead of flapping every 5 minutes.
    const endpointFailing = emf('WebhookEndpointFailing').with({ period: Duration.hours(1) });
    alarm('WebhookEndpointFailing', {
      alarmDescription: "An agent's CRM webhook endpoint has been failing for over an hour (WebhookEndpointFailing in the last hour)",
      metric: endpointFailing,
      threshold: THRESHOLDS.webhookEndpointFailing,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    const socketApi = (metricName: string) => props.liveSockets.api.metric(metricName, { period: FIVE_MINUTES, statistic: 'Sum' });

    const wide = (title: string, left: IMetric[], right?: IMetric[]) => new GraphWidget({ title, left, ...(right ? { right } : {}), width: 12, height: 6 });
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `leadportal-${config.stage}` });
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    this.dashboard.addWidgets(
      wide('API requests and 5xx %', [requests, serverErrors], [errorRate]),
      wide('p99 latency: intake and money routes (ms)', latencies),
    );
    this.dashboard.addWidgets(
      wide('Route 4xx and 5xx (per route)', [emfSearch('Route4xx', ['Route']), emfSearch('Route5xx', ['Route'])]),
      wide('Route latency p99 (per route)', [emfSearch('RouteLatency', ['Route'], 'p99')]),
    );
    this.dashboard.addWidgets(
      wide('Lead outcomes', [emfSearch('LeadOutcome', ['Outcome', 'Source'])]),
      wide('Lead decision latency (p50, p99 ms)', [emfSearch('LeadDecisionLatency', ['Outcome', 'Source'], 'p50', 'p50'), emfSearch('LeadDecisionLatency', ['Outcome', 'Source'], 'p99', 'p99')]),
    );
    this.dashboard.addWidgets(
      wide('Money moved by type (count)', [emfSearch('MoneyMovement', ['Type'])]),
      wide('Money moved by type (cents)', [emfSearch('MoneyMovementCents', ['Type'])]),
    );
    this.dashboard.addWidgets(
      wide(
        'Stream readers: lag and iterator ages (ms), records, failures',
        [
          emf('ProjectorLag', {}, 'Maximum'),
          emf('DeliveryLag', {}, 'Maximum'),
          iteratorAge.with({ label: 'projector iterator age' }),
          deliveriesIteratorAge.with({ label: 'delivery function iterator age' }),
        ],
        [emf('ProjectorRecords'), emf('ProjectorFailures'), emf('DeliveryRecords'), emf('DeliveryFailures'), deliveriesErrors.with({ label: 'delivery function errors' })],
      ),
      wide('Dead-letter queues (messages)', depths),
    );
    this.dashboard.addWidgets(
      wide('Jobs: runs, rows, failures', [emfSearch('JobRuns', ['Job']), emfSearch('JobFailures', ['Job'])], [emfSearch('JobRows', ['Job'])]),
      wide('Job function errors', jobErrors),
    );
    this.dashboard.addWidgets(
      wide('Auto-recharge and balance alerts', [emfSearch('AutoRecharge', ['Result']), emfSearch('BalanceAlertSent', ['Job'])]),
      wide('DynamoDB throttles (table and indexes)', throttleMetrics),
    );
    this.dashboard.addWidgets(
      wide('API functions: errors and throttles', [
        ...Object.entries(props.areaFunctions).map(([area, fn]) => fn.fn.metricErrors({ period: FIVE_MINUTES, label: `${area} errors` })),
        ...Object.entries(props.areaFunctions).map(([area, fn]) => fn.fn.metricThrottles({ period: FIVE_MINUTES, label: `${area} throttles` })),
      ]),
      wide(
        'Live sockets: connects and messages, pushes and failures',
        [socketApi('ConnectCount'), socketApi('MessageCount')],
        [emfSearch('LivePushes', ['Kind']), emfSearch('LivePushFailures', ['Kind'])],
      ),
    );
    this.dashboard.addWidgets(
      wide('Live socket: function errors and throttles, API errors', [
        liveSocketErrors.with({ label: 'socket function errors' }),
        props.liveSocket.fn.metricThrottles({ period: FIVE_MINUTES, label: 'socket function throttles' }),
        socketApi('ClientError'),
        socketApi('ExecutionError'),
        socketApi('IntegrationError'),
      ]),
      wide('E-mail and SMS alerts: sent, failed sends (per channel)', [emfSearch('AlertSent', ['Channel'])], [emfSearch('AlertFailures', ['Channel'])]),
    );
    this.dashboard.addWidgets(
      wide('CRM deliveries (per outcome) and endpoints failing an hour', [emfSearch('WebhookDeliveries', ['Outcome'])], [endpointFailing.with({ label: 'WebhookEndpointFailing (per hour)' })]),
      wide(
        'CRM delivery worker: errors, throttles; queue backlog and oldest message (s)',
        [
          webhookWorkerErrors.with({ label: 'worker errors' }),
          props.webhookWorker.fn.metricThrottles({ period: FIVE_MINUTES, label: 'worker throttles' }),
          props.webhookQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum', label: 'messages waiting' }),
        ],
        [props.webhookQueue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum', label: 'oldest message (s)' })],
      ),
    );
  }

  /** A topic of the configured name, TLS-only, with the configured address subscribed. */
  private makeTopic(settings: StageConfig['alarms']): ITopic {
    const topic = new Topic(this, 'AlarmTopic', { topicName: settings.topicName, displayName: `Lead portal alarms (${Stack.of(this).stackName})`, enforceSSL: true });
    if (settings.email) topic.addSubscription(new EmailSubscription(settings.email));
    Validations.of(topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'The topic carries alarm state changes only (alarm names, thresholds, metric values; no personal data). CloudWatch ' +
        'cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer key for this alone is not worth its upkeep.',
    });
    return topic;
  }
}
