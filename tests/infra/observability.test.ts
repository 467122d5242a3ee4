// Issue 22's operability in the template: X-Ray on every function of ours, each alarm class notifying the
// deployment's SNS topic, a depth alarm on every dead-letter queue, and the one dashboard.
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import { TABLE_KEYS } from '#platform/table-definition.ts';
import { METRIC, METRICS_NAMESPACE as FUNCTIONS_NAMESPACE, METRICS_SERVICE as FUNCTIONS_SERVICE } from '#platform/metrics.ts';
import type { ApiFunction } from '../../infra/lib/api-function.ts';
import { LATENCY_ALARMS, METRICS_NAMESPACE, METRICS_SERVICE, THRESHOLDS } from '../../infra/lib/observability.ts';
import { stageConfig } from '../../infra/lib/stage-config.ts';
import { appOutdir, logicalIdOf, resourcesOf, synthesize, type Resources, type Synthesized } from './support/synth.ts';

let dev: Synthesized;
let resources: Resources;
let external: Synthesized;

beforeAll(() => {
  dev = synthesize({ bundling: false, context: { alarmEmail: 'oncall@example.com' } });
  resources = resourcesOf(dev.template);
  external = synthesize({ bundling: false, context: { alarmTopicArn: 'arn:aws:sns:us-east-1:123456789012:ops-pager' } });
});

type AlarmProps = { AlarmActions?: unknown[]; OKActions?: unknown[]; MetricName?: string; Namespace?: string; Dimensions?: { Name: string; Value: unknown }[]; Threshold?: number; ExtendedStatistic?: string; Metrics?: { Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[] };
const alarms = (r: Resources) => Object.entries(r).filter(([, v]) => v.Type === 'AWS::CloudWatch::Alarm').map(([id, v]) => ({ id, ...(v.Properties as AlarmProps) }));
const topicId = () => Object.entries(resources).find(([, v]) => v.Type === 'AWS::SNS::Topic')![0];
const ours = (s: Synthesized): ApiFunction[] => [
  ...Object.values(s.stack.areaFunctions),
  ...Object.values(s.stack.jobFunctions),
  s.stack.projector,
  s.stack.deliveries,
  s.stack.liveSocket,
  s.stack.api.authorizerFunction,
  s.stack.webhookWorker,
];

describe('tracing', () => {
  it('is Active on every function of ours (areas, jobs, projector, delivery function, live socket, authorizer, webhook worker)', () => {
    const fns = ours(dev);
    expect(fns.length).toBeGreaterThan(10);
    for (const fn of fns) expect(resources[logicalIdOf(dev.stack, fn)]!.Properties?.TracingConfig, fn.node.path).toEqual({ Mode: 'Active' });
  });

  it('leaves only CDK helper functions untraced', () => {
    const oursIds = new Set(ours(dev).map((fn) => logicalIdOf(dev.stack, fn)));
    const untraced = Object.entries(resources).filter(([id, v]) => v.Type === 'AWS::Lambda::Function' && !oursIds.has(id)).map(([id]) => id);
    for (const id of untraced) expect(id).toMatch(/^(BucketNotificationsHandler|CustomCDKBucketDeployment|AWS679f53fac002430cb0da5b7982bd2287|CustomS3AutoDeleteObjects|LogRetention)/);
  });

  it('sets the log level from the stage configuration', () => {
    const fn = resources[logicalIdOf(dev.stack, dev.stack.areaFunctions.account)]!.Properties as { Environment: { Variables: Record<string, string> } };
    expect(fn.Environment.Variables).toMatchObject({ LOG_LEVEL: 'info', POWERTOOLS_SERVICE_NAME: 'leadportal' });
    expect((fn as unknown as { LoggingConfig: unknown }).LoggingConfig).toMatchObject({ LogFormat: 'JSON', ApplicationLogLevel: 'INFO' });
  });
});

describe('alarms', () => {
  it('all notify the topic, on alarm and on recovery', () => {
    const all = alarms(resources);
    expect(all.length).toBeGreaterThan(20);
    for (const a of all) {
      expect(a.AlarmActions, a.id).toEqual([{ Ref: topicId() }]);
      expect(a.OKActions, a.id).toEqual([{ Ref: topicId() }]);
    }
  });

  it("go to the topic the deployment names by ARN, and then no topic is made", () => {
    const made = Object.values(resourcesOf(external.template)).filter((v) => v.Type === 'AWS::SNS::Topic');
    expect(made).toEqual([]);
    for (const a of alarms(resourcesOf(external.template))) expect(a.AlarmActions, a.id).toEqual(['arn:aws:sns:us-east-1:123456789012:ops-pager']);
  });

  it('make a TLS-only topic of the configured name with the configured address subscribed', () => {
    dev.template.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'leadportal-dev-alarms' });
    dev.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com' });
    dev.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('watch the API 5xx rate', () => {
    const rate = alarms(resources).find((a) => a.Metrics?.some((m) => m.Expression?.includes('100 * errors / requests')));
    expect(rate?.Threshold).toBe(THRESHOLDS.api5xxPercent);
    expect(rate?.Metrics?.map((m) => m.MetricStat?.Metric.MetricName).filter(Boolean).sort()).toEqual(['5xx', 'Count']);
  });

  it('watch the p99 latency of vendor intake and of the money routes', () => {
    for (const { route, p99Ms } of LATENCY_ALARMS) {
      dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'LeadPortal',
        MetricName: 'RouteLatency',
        ExtendedStatistic: 'p99',
        Threshold: p99Ms,
        Dimensions: Match.arrayWith([{ Name: 'Route', Value: route }, { Name: 'service', Value: 'leadportal' }]),
      });
    }
    expect(LATENCY_ALARMS.map((l) => l.route)).toEqual(expect.arrayContaining(['intake.postLead', 'account.agentTransfer']));
  });

  it('watch read and write throttles of the table and of every index', () => {
    const throttles = alarms(resources).filter((a) => /ThrottleEvents$/.test(a.MetricName ?? ''));
    const seen = throttles.map((a) => `${a.Dimensions?.find((d) => d.Name === 'GlobalSecondaryIndexName')?.Value ?? 'table'}:${a.MetricName}`).sort();
    const expected = ['table', ...TABLE_KEYS.indexes.map((i) => i.name)].flatMap((n) => [`${n}:ReadThrottleEvents`, `${n}:WriteThrottleEvents`]).sort();
    expect(seen).toEqual(expected);
  });

  const alarmOf = (id: RegExp) => {
    const found = alarms(resources).filter((a) => id.test(a.id));
    expect(found, String(id)).toHaveLength(1);
    return found[0]!;
  };
  const onFunction = (fn: ApiFunction) => [{ Name: 'FunctionName', Value: { Ref: logicalIdOf(dev.stack, fn) } }];

  it("watch the projector's iterator age: above a minute, 3 minutes running", () => {
    expect(alarmOf(/^ObservabilityProjectorIteratorAge/)).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'IteratorAge', Statistic: 'Maximum', Period: 60, EvaluationPeriods: 3, Threshold: 60_000, Dimensions: onFunction(dev.stack.projector) });
    expect(THRESHOLDS.iteratorAgeMs).toBe(60_000);
  });

  it("watch the delivery function's iterator age more tightly (speed to lead): above 10 s, 3 minutes running", () => {
    expect(alarmOf(/^ObservabilityDeliveriesIteratorAge/)).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Statistic: 'Maximum',
      Period: 60,
      EvaluationPeriods: 3,
      Threshold: 10_000,
      ComparisonOperator: 'GreaterThanThreshold',
      Dimensions: onFunction(dev.stack.deliveries),
    });
    expect(THRESHOLDS.deliveryIteratorAgeMs).toBe(10_000);
  });

  it("watch the delivery function's errors (any in 5 minutes) and its on-failure queue (any message)", () => {
    expect(alarmOf(/^ObservabilityDeliveriesErrors/)).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Statistic: 'Sum', Period: 300, Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', Dimensions: onFunction(dev.stack.deliveries) });
    const failures = dev.stack.resolve(dev.stack.getLogicalId(dev.stack.deliveryFailures.node.defaultChild as CfnQueue)) as string;
    expect(alarmOf(/^ObservabilityDeadLettersDeliveryFailures/)).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [failures, 'QueueName'] } }],
    });
  });

  it('watch the depth of every dead-letter queue in the stack (every queue but the webhook delivery queue, whose own is one of them)', () => {
    const deliveryQueue = dev.stack.resolve(dev.stack.getLogicalId(dev.stack.webhookDeliveries.queue.node.defaultChild as CfnQueue)) as string;
    const queues = Object.entries(resources).filter(([id, v]) => v.Type === 'AWS::SQS::Queue' && id !== deliveryQueue).map(([id]) => id);
    expect(queues.length).toBeGreaterThanOrEqual(3);
    const watched = alarms(resources)
      .filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible')
      .map((a) => (a.Dimensions?.find((d) => d.Name === 'QueueName')?.Value as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]);
    expect(watched.sort()).toEqual(queues.sort());
  });

  it('watch the errors of every job function', () => {
    for (const fn of Object.values(dev.stack.jobFunctions)) {
      dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'Errors',
        Namespace: 'AWS/Lambda',
        Threshold: THRESHOLDS.jobErrors,
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalIdOf(dev.stack, fn) } }],
      });
    }
  });
});

describe('the dashboard', () => {
  it('exists once and shows the alarms, the API and the functions\' own metrics', () => {
    const dashboards = Object.values(resources).filter((v) => v.Type === 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties?.DashboardBody);
    for (const name of ['LeadOutcome', 'MoneyMovementCents', 'ProjectorLag', 'JobFailures', 'AutoRecharge', 'RouteLatency', 'IteratorAge', 'WriteThrottleEvents', 'ApproximateNumberOfMessagesVisible']) expect(body).toContain(name);
  });

  it("shows the delivery function's iterator age in the projector's graph", () => {
    const dashboard = Object.values(resources).find((v) => v.Type === 'AWS::CloudWatch::Dashboard')!;
    // The body is a Fn::Join of text and references: the graph's widget is the text between two `{"type":`.
    const body = (dashboard.Properties!.DashboardBody as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('');
    const widget = body.split('{"type":').find((w) => w.includes('"projector iterator age"'));
    expect(widget).toBeDefined();
    expect(widget).toContain('"delivery function iterator age"');
    expect(widget).toContain(logicalIdOf(dev.stack, dev.stack.projector));
    expect(widget).toContain(logicalIdOf(dev.stack, dev.stack.deliveries));
  });

  it('reads the namespace, service and metric names the functions emit', () => {
    expect([METRICS_NAMESPACE, METRICS_SERVICE]).toEqual([FUNCTIONS_NAMESPACE, FUNCTIONS_SERVICE]);
    const body = JSON.stringify(Object.values(resources).find((v) => v.Type === 'AWS::CloudWatch::Dashboard')!.Properties?.DashboardBody);
    for (const { name } of Object.values(METRIC)) expect(body, name).toContain(name);
  });
});

describe('the stage settings for observability', () => {
  const settings = (context: Record<string, unknown>) => stageConfig(new App({ context, outdir: appOutdir() }).node);

  it('default to level info and a topic the stack makes, named after the stage', () => {
    expect(settings({ stage: 'dev' })).toMatchObject({ logLevel: 'info', alarms: { topicName: 'leadportal-dev-alarms' } });
    expect(settings({ logLevel: 'debug', alarmTopicName: 'pager', alarmEmail: 'ops@example.com' })).toMatchObject({ logLevel: 'debug', alarms: { topicName: 'pager', email: 'ops@example.com' } });
  });

  it('refuse an unknown level, a malformed topic ARN, and a topic ARN beside a topic to make', () => {
    expect(() => settings({ logLevel: 'verbose' })).toThrow(/logLevel/);
    expect(() => settings({ alarmTopicArn: 'ops-pager' })).toThrow(/SNS topic ARN/);
    expect(() => settings({ alarmTopicArn: 'arn:aws:sns:us-east-1:123456789012:ops', alarmEmail: 'ops@example.com' })).toThrow(/existing topic/);
    expect(() => settings({ alarmEmail: 'not an address' })).toThrow(/alarmEmail/);
  });
});
