// Issue 23's CRM delivery in the template: an encrypted, TLS-only delivery queue with a dead-letter queue,
// the worker it feeds (partial batch responses), the generated signing key, exactly three functions that may
// queue deliveries (the webhooks area, the delivery function, the worker) and two that may read the key (the area and
// the worker), each with nothing but sqs:SendMessage and secretsmanager:GetSecretValue on those two, and the
// alarms on the dead-letter queue, the worker and endpoints failing for an hour.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import type { CfnSecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import { DELIVERY_TIMEOUT_MS } from '#shared/api/webhooks.ts';
import { AREAS, type JobName } from '#shared/manifest.ts';
import type { ApiFunction } from '../../infra/lib/api-function.ts';
import { logicalIdOf, resourcesOf, synthesize, type Resources, type Synthesized } from './support/synth.ts';

let dev: Synthesized;
let resources: Resources;

beforeAll(() => {
  dev = synthesize({ bundling: false });
  resources = resourcesOf(dev.template);
});

interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
}
const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const idOf = (construct: { node: { defaultChild?: unknown } }) => dev.stack.resolve(dev.stack.getLogicalId(construct.node.defaultChild as CfnQueue)) as string;
const queueId = () => idOf(dev.stack.webhookDeliveries.queue);
const deadLettersId = () => idOf(dev.stack.webhookDeliveries.deadLetters);
const secretId = () => dev.stack.resolve(dev.stack.getLogicalId(dev.stack.webhookSigningKey.node.defaultChild as CfnSecret)) as string;
const propsOf = (fn: ApiFunction) => resources[logicalIdOf(dev.stack, fn)]!.Properties as { Timeout: number; VpcConfig?: unknown; Environment: { Variables: Record<string, unknown> } };
const envOf = (fn: ApiFunction) => propsOf(fn).Environment.Variables;
const statementsOf = (fn: ApiFunction): Statement[] => {
  const roleId = dev.stack.resolve(dev.stack.getLogicalId(fn.role.node.defaultChild as CfnRole)) as string;
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && list(r.Properties?.Roles).some((ref) => (ref as { Ref?: string }).Ref === roleId))
    .flatMap((p) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement);
};
/** Every function of ours, by a name for messages. */
const everyFunction = (): [string, ApiFunction][] => [
  ...AREAS.map((area) => [`Area-${area}`, dev.stack.areaFunctions[area]] as [string, ApiFunction]),
  ...(Object.keys(dev.stack.jobFunctions) as JobName[]).map((job) => [`Job-${job}`, dev.stack.jobFunctions[job]] as [string, ApiFunction]),
  ['Projector', dev.stack.projector],
  ['Deliveries', dev.stack.deliveries],
  ['LiveSocket', dev.stack.liveSocket],
  ['OriginVerify', dev.stack.api.authorizerFunction],
  ['WebhookWorker', dev.stack.webhookWorker],
];
/** The actions a function holds on resources that name `logicalId` (a Ref or a GetAtt of it). */
const actionsOn = (fn: ApiFunction, logicalId: string) =>
  statementsOf(fn)
    .filter((s) => list(s.Resource).some((r) => JSON.stringify(r).includes(`"${logicalId}"`)))
    .flatMap((s) => list(s.Action))
    .sort();

const QUEUE_SENDERS = ['Area-webhooks', 'Deliveries', 'WebhookWorker'];
const KEY_READERS = ['Area-webhooks', 'WebhookWorker'];
/** What the SQS event source lets the worker do on its queue. */
const CONSUME = ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage'];

describe('the delivery queue', () => {
  it('is encrypted (SQS-managed) with a visibility timeout of six times the worker\'s 60 s timeout', () => {
    expect(propsOf(dev.stack.webhookWorker).Timeout).toBe(60);
    // Ten posts side by side, each up to its 10 s timeout, fit well within one invocation.
    expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
    expect(resources[queueId()]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, VisibilityTimeout: 360 });
  });

  it('moves a message received 5 times to its dead-letter queue, which keeps it 14 days, encrypted', () => {
    expect(resources[queueId()]!.Properties!.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [deadLettersId(), 'Arn'] }, maxReceiveCount: 5 });
    expect(resources[deadLettersId()]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
  });

  it('refuses requests without TLS, on both queues', () => {
    for (const id of [queueId(), deadLettersId()]) {
      dev.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
    }
  });

  it('feeds the worker in batches of 10 with partial batch responses', () => {
    const mappings = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::EventSourceMapping' && JSON.stringify(r.Properties?.EventSourceArn) === JSON.stringify({ 'Fn::GetAtt': [queueId(), 'Arn'] }),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({
      FunctionName: { Ref: logicalIdOf(dev.stack, dev.stack.webhookWorker) },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('is worked by a function of its own (compliance.test.ts checks its bundle is built from functions/jobs/webhook-deliver.ts)', () => {
    expect(dev.stack.webhookWorker.fn.node.path).toMatch(/WebhookWorker/);
    expect(resources[logicalIdOf(dev.stack, dev.stack.webhookWorker)]!.Properties!.Description).toBe("Posts queued webhook deliveries to the agents' CRMs");
  });
});

describe('the signing key', () => {
  it('is generated by Secrets Manager, its value never in the template', () => {
    expect(resources[secretId()]!.Properties).toMatchObject({ GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true } });
    expect(resources[secretId()]!.Properties).not.toHaveProperty('SecretString');
  });
});

describe('environment', () => {
  it('gives the worker and the webhooks area the queue URL and the signing key ARN, the delivery function only the queue URL, and the projector neither', () => {
    for (const fn of [dev.stack.webhookWorker, dev.stack.areaFunctions.webhooks]) {
      expect(envOf(fn), fn.node.path).toMatchObject({ DELIVERY_QUEUE_URL: { Ref: queueId() }, WEBHOOK_SIGNING_KEY_ARN: { Ref: secretId() }, TABLE_NAME: expect.anything() });
    }
    expect(envOf(dev.stack.deliveries).DELIVERY_QUEUE_URL).toEqual({ Ref: queueId() });
    expect(envOf(dev.stack.deliveries)).not.toHaveProperty('WEBHOOK_SIGNING_KEY_ARN');
    expect(envOf(dev.stack.projector)).not.toHaveProperty('DELIVERY_QUEUE_URL');
    expect(envOf(dev.stack.projector)).not.toHaveProperty('WEBHOOK_SIGNING_KEY_ARN');
  });

  it('gives no other function either variable', () => {
    const withQueue = everyFunction().filter(([, fn]) => 'DELIVERY_QUEUE_URL' in envOf(fn)).map(([name]) => name);
    const withKey = everyFunction().filter(([, fn]) => 'WEBHOOK_SIGNING_KEY_ARN' in envOf(fn)).map(([name]) => name);
    expect(withQueue.sort()).toEqual(QUEUE_SENDERS);
    expect(withKey.sort()).toEqual(KEY_READERS);
  });

  it('keeps the worker and the webhooks area out of any VPC, so they reach the agents\' CRMs over the internet', () => {
    for (const fn of [dev.stack.webhookWorker, dev.stack.areaFunctions.webhooks]) expect(propsOf(fn).VpcConfig, fn.node.path).toBeUndefined();
  });
});

describe('rights', () => {
  it('let exactly the webhooks area, the delivery function and the worker send to the delivery queue, with sqs:SendMessage on that queue alone', () => {
    const senders = everyFunction().filter(([, fn]) => actionsOn(fn, queueId()).includes('sqs:SendMessage')).map(([name]) => name);
    expect(senders.sort()).toEqual(QUEUE_SENDERS);
    for (const fn of [dev.stack.areaFunctions.webhooks, dev.stack.deliveries, dev.stack.webhookWorker]) {
      // The grant names this one queue and no other resource (CDK merges the worker's with its consume grant).
      const send = statementsOf(fn).filter((s) => list(s.Action).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(queueId()));
      expect(send.map((s) => [s.Effect, s.Resource]), fn.node.path).toEqual([['Allow', { 'Fn::GetAtt': [queueId(), 'Arn'] }]]);
    }
    expect(actionsOn(dev.stack.areaFunctions.webhooks, queueId())).toEqual(['sqs:SendMessage']);
    expect(actionsOn(dev.stack.deliveries, queueId())).toEqual(['sqs:SendMessage']);
    expect(actionsOn(dev.stack.projector, queueId())).toEqual([]);
    // The worker also consumes its queue (the event source's grant), and nothing more.
    expect(actionsOn(dev.stack.webhookWorker, queueId())).toEqual([...CONSUME, 'sqs:SendMessage'].sort());
  });

  it('let no function touch the dead-letter queue (SQS moves messages there itself)', () => {
    for (const [name, fn] of everyFunction()) expect(actionsOn(fn, deadLettersId()), name).toEqual([]);
  });

  it('let exactly the webhooks area and the worker read the signing key, with secretsmanager:GetSecretValue alone', () => {
    const readers = everyFunction().filter(([, fn]) => actionsOn(fn, secretId()).length > 0).map(([name]) => name);
    expect(readers.sort()).toEqual(KEY_READERS);
    for (const fn of [dev.stack.areaFunctions.webhooks, dev.stack.webhookWorker]) {
      const onKey = statementsOf(fn).filter((s) => JSON.stringify(s.Resource).includes(secretId()));
      expect(onKey, fn.node.path).toEqual([{ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: secretId() } }]);
    }
  });

  it('give the worker no secret, bucket, bus, mail, text or socket right beyond the key, and table rights for its deliveries', () => {
    const actions = statementsOf(dev.stack.webhookWorker).flatMap((s) => list(s.Action));
    expect(actions.filter((a) => /^(s3|events|ses|sns|execute-api|kms):/.test(a))).toEqual([]);
    expect(actions.filter((a) => a.startsWith('secretsmanager:'))).toEqual(['secretsmanager:GetSecretValue']);
    expect(actions).toContain('dynamodb:UpdateItem');
    expect(actions).not.toContain('dynamodb:Scan');
  });
});

describe('alarms', () => {
  const topicId = () => Object.entries(resources).find(([, v]) => v.Type === 'AWS::SNS::Topic')![0];
  const alarm = (id: RegExp) => {
    const found = Object.entries(resources).filter(([logicalId, v]) => v.Type === 'AWS::CloudWatch::Alarm' && id.test(logicalId));
    expect(found, String(id)).toHaveLength(1);
    return found[0]![1].Properties!;
  };

  it('fire on any message in the dead-letter queue', () => {
    expect(alarm(/DeadLettersWebhookDeliveries/)).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLettersId(), 'QueueName'] } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [{ Ref: topicId() }],
      OKActions: [{ Ref: topicId() }],
    });
  });

  it("fire on any error of the worker's function in 5 minutes", () => {
    expect(alarm(/WebhookWorkerErrors/)).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalIdOf(dev.stack, dev.stack.webhookWorker) } }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [{ Ref: topicId() }],
    });
  });

  it('fire when an endpoint has been failing for over an hour (WebhookEndpointFailing above 0 in an hour)', () => {
    expect(alarm(/WebhookEndpointFailing/)).toMatchObject({
      Namespace: 'LeadPortal',
      MetricName: 'WebhookEndpointFailing',
      Dimensions: [{ Name: 'service', Value: 'leadportal' }],
      Statistic: 'Sum',
      Period: 3600,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: topicId() }],
      OKActions: [{ Ref: topicId() }],
    });
  });

  it('show the deliveries by outcome, failing endpoints and the queue on the dashboard', () => {
    const body = JSON.stringify(Object.values(resources).find((v) => v.Type === 'AWS::CloudWatch::Dashboard')!.Properties?.DashboardBody);
    expect(body).toMatch(/Outcome[^']*MetricName=[^']*WebhookDeliveries/);
    expect(body).toContain('WebhookEndpointFailing');
    expect(body).toContain('ApproximateAgeOfOldestMessage');
  });
});
