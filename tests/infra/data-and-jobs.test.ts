// The table matches the local stack's definition, the buckets are private with the agreed lifecycles,
// and the jobs start from the weekly schedule, from uploads under incoming/ and from agent export
// requests under export-requests/; the table stream has two readers, the projector and the delivery
// function, each filtered to the entities its views read, each with its own on-failure queue.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import { JOBS } from '#shared/manifest.ts';
import { createTableInput, TABLE_KEYS } from '#platform/table-definition.ts';
import { DELIVERY_STREAM_ENTITIES, EXPORT_REQUESTS_PREFIX, PROJECTOR_STREAM_ENTITIES, UPLOADS_INCOMING_PREFIX } from '../../infra/lib/leadportal-stack.ts';
import { getAttTarget, logicalIdOf, resourcesOf, synthesize, type Synthesized } from './support/synth.ts';

let dev: Synthesized;
let prod: Synthesized;

beforeAll(() => {
  dev = synthesize({ bundling: false });
  prod = synthesize({
    bundling: false,
    // Prod needs the API's own domain (the execute-api endpoint is disabled there).
    context: { stage: 'prod', apiDomain: 'api.portal.example.com', apiCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' },
  });
});

const sortBy = <T>(items: T[] | undefined, key: (item: T) => string) => [...(items ?? [])].sort((a, b) => key(a).localeCompare(key(b)));

describe('the table', () => {
  it('has the keys and indexes of the shared definition the local stack creates', () => {
    const local = createTableInput('any');
    const [table] = Object.values(dev.template.findResources('AWS::DynamoDB::Table'));
    const props = table!.Properties as typeof local & { GlobalSecondaryIndexes: typeof local.GlobalSecondaryIndexes };
    expect(props.KeySchema).toEqual(local.KeySchema);
    expect(sortBy(props.AttributeDefinitions, (a) => a.AttributeName)).toEqual(sortBy(local.AttributeDefinitions, (a) => a.AttributeName));
    expect(sortBy(props.GlobalSecondaryIndexes, (i) => i.IndexName)).toEqual(sortBy(local.GlobalSecondaryIndexes, (i) => i.IndexName));
    expect(props.GlobalSecondaryIndexes.map((i) => i.IndexName).sort()).toEqual(['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5', 'gsi6', 'gsi7', 'gsi8', 'gsi9']);
  });

  it('is on-demand with point-in-time recovery and a ttl attribute', () => {
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttl, Enabled: true },
    });
  });

  it('streams every write with its item before and after, as the local table does', () => {
    expect(createTableInput('any').StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
  });

  it('is retained and deletion-protected in prod only', () => {
    prod.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    dev.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});

describe('the buckets', () => {
  it('are all encrypted, non-public and TLS only', () => {
    const buckets = dev.template.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(4);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties).toMatchObject({
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      });
    }
    const policies = Object.values(dev.template.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(4);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('expire exports after a few days', () => {
    const exportsId = dev.stack.resolve(dev.stack.getLogicalId(dev.stack.buckets.exports.node.defaultChild as CfnBucket)) as string;
    const rules = (resourcesOf(dev.template)[exportsId]!.Properties as { LifecycleConfiguration: { Rules: { ExpirationInDays?: number }[] } })
      .LifecycleConfiguration.Rules;
    const days = rules.map((r) => r.ExpirationInDays).find((d) => d !== undefined);
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('allow presigned uploads from the site origin only', () => {
    dev.template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: ['PUT', 'GET'], AllowedOrigins: [Match.not(Match.stringLikeRegexp('\\*'))] })],
      },
    });
  });
});

describe('the jobs', () => {
  it('runs the Pro Store transfer on its weekly schedule', () => {
    const prostore = logicalIdOf(dev.stack, dev.stack.jobFunctions.prostore);
    const rules = Object.values(dev.template.findResources('AWS::Events::Rule'));
    const schedule = rules.find((r) => r.Properties.ScheduleExpression === JOBS.prostore.schedule);
    expect(schedule?.Properties.Targets.map((t: { Arn: unknown }) => getAttTarget(t.Arn, 'Arn'))).toEqual([prostore]);
  });

  it('runs the lead retry job every minute and the lead retention job daily', () => {
    const rules = Object.values(dev.template.findResources('AWS::Events::Rule'));
    for (const job of ['leadRetry', 'leadRetention'] as const) {
      const schedule = rules.find((r) => r.Properties.ScheduleExpression === JOBS[job].schedule);
      expect(schedule?.Properties.Targets.map((t: { Arn: unknown }) => getAttTarget(t.Arn, 'Arn')), job).toEqual([logicalIdOf(dev.stack, dev.stack.jobFunctions[job])]);
    }
    expect(JOBS.leadRetry.schedule).toBe('rate(1 minute)');
  });

  it('runs the alert queue job (e-mail and SMS alerts held for quiet hours, retries) every minute, not retrying a failed run', () => {
    const queue = logicalIdOf(dev.stack, dev.stack.jobFunctions.alertQueue);
    const rules = Object.values(dev.template.findResources('AWS::Events::Rule')).filter((r) =>
      (r.Properties.Targets as { Arn: unknown }[]).some((t) => getAttTarget(t.Arn, 'Arn') === queue),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties.ScheduleExpression).toBe(JOBS.alertQueue.schedule);
    expect(JOBS.alertQueue.schedule).toBe('rate(1 minute)');
    expect(rules[0]!.Properties.Targets[0].RetryPolicy).toMatchObject({ MaximumRetryAttempts: 0 });
  });

  it('gives the retention job its period and confines it to the leads and form submissions', () => {
    const fn = resourcesOf(dev.template)[logicalIdOf(dev.stack, dev.stack.jobFunctions.leadRetention)]!.Properties as { Environment: { Variables: Record<string, unknown> } };
    expect(fn.Environment.Variables.LEAD_RETENTION_MONTHS).toBe('36');
  });

  it('starts CSV processing for each object created under incoming/, and the agent export for each under export-requests/, in the uploads bucket', () => {
    const csvProcess = logicalIdOf(dev.stack, dev.stack.jobFunctions.csvProcess);
    const agentExport = logicalIdOf(dev.stack, dev.stack.jobFunctions.agentExport);
    const [[bucketId, bucket]] = Object.entries(
      dev.template.findResources('AWS::S3::Bucket', { Properties: { NotificationConfiguration: Match.anyValue() } }),
    ) as [[string, { Properties: { NotificationConfiguration: { LambdaConfigurations: unknown[] } }; DependsOn: string[] }]];
    expect(bucketId).toMatch(/Uploads/);
    expect(bucket.Properties.NotificationConfiguration.LambdaConfigurations).toEqual([
      {
        Event: 's3:ObjectCreated:*',
        Filter: { S3Key: { Rules: [{ Name: 'prefix', Value: UPLOADS_INCOMING_PREFIX }] } },
        Function: { 'Fn::GetAtt': [csvProcess, 'Arn'] },
      },
      {
        Event: 's3:ObjectCreated:*',
        Filter: { S3Key: { Rules: [{ Name: 'prefix', Value: EXPORT_REQUESTS_PREFIX }] } },
        Function: { 'Fn::GetAtt': [agentExport, 'Arn'] },
      },
    ]);
    // S3 refuses the notification unless the invoke permissions exist first.
    for (const job of [csvProcess, agentExport]) {
      const permissions = dev.template.findResources('AWS::Lambda::Permission', {
        Properties: { Principal: 's3.amazonaws.com', FunctionName: { 'Fn::GetAtt': [job, 'Arn'] } },
      });
      expect(Object.keys(permissions), job).toHaveLength(1);
      expect(bucket.DependsOn).toContain(Object.keys(permissions)[0]);
    }
  });

  it('expires the agent export trigger objects a day after they were written', () => {
    const [uploads] = Object.values(
      dev.template.findResources('AWS::S3::Bucket', { Properties: { NotificationConfiguration: Match.anyValue() } }),
    ) as { Properties: { LifecycleConfiguration: { Rules: { Prefix?: string; ExpirationInDays?: number }[] } } }[];
    expect(uploads!.Properties.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ Prefix: EXPORT_REQUESTS_PREFIX, ExpirationInDays: 1 }));
  });

  it('gives the agent export job a timeout shorter than its claim, so a retry can take over a run that died', async () => {
    const { EXPORT_CLAIM_SECONDS } = await import('#core/directory/agent-exports.ts');
    const fn = resourcesOf(dev.template)[logicalIdOf(dev.stack, dev.stack.jobFunctions.agentExport)]!.Properties as { Timeout: number };
    expect(fn.Timeout).toBeLessThan(EXPORT_CLAIM_SECONDS);
  });

  it('keeps every job invocation that fails all retries in an encrypted, TLS-only failure queue', () => {
    const queueId = dev.stack.resolve(dev.stack.getLogicalId(dev.stack.jobFailures.node.defaultChild as CfnQueue)) as string;
    expect(dev.template.toJSON().Resources[queueId].Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const configs = Object.values(dev.template.findResources('AWS::Lambda::EventInvokeConfig')) as {
      Properties: { FunctionName: { Ref: string }; MaximumRetryAttempts: number; DestinationConfig: { OnFailure: { Destination: unknown } } };
    }[];
    const jobs = Object.values(dev.stack.jobFunctions).map((j) => logicalIdOf(dev.stack, j));
    expect(configs.map((c) => c.Properties.FunctionName.Ref).sort()).toEqual([...jobs].sort());
    for (const c of configs) {
      expect(c.Properties.MaximumRetryAttempts).toBe(2);
      expect(getAttTarget(c.Properties.DestinationConfig.OnFailure.Destination, 'Arn')).toBe(queueId);
    }
  });
});

type StreamMapping = { FunctionName: { Ref: string }; FilterCriteria?: { Filters: { Pattern: string }[] } } & Record<string, unknown>;
/** The event source mappings on the table's stream. */
const streamMappings = () =>
  Object.values(resourcesOf(dev.template))
    .filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping' && JSON.stringify(r.Properties?.EventSourceArn).includes('"StreamArn"'))
    .map((r) => r.Properties as StreamMapping);

describe('the projector', () => {
  it('reads the table stream in order with partial batch failures, bisecting, a retry limit and an on-failure queue', () => {
    const [queueId] = Object.keys(dev.template.findResources('AWS::SQS::Queue')).filter((id) => id.startsWith('ProjectorFailures'));
    expect(queueId).toBeDefined();
    dev.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalIdOf(dev.stack, dev.stack.projector) },
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataTable'), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
  });

  it('is invoked only for records whose new or old image is a fact its views read, never for the views themselves', () => {
    const [mapping] = streamMappings().filter((m) => m.FunctionName.Ref === logicalIdOf(dev.stack, dev.stack.projector));
    expect(mapping?.FilterCriteria).toEqual({
      Filters: [{ Pattern: '{"dynamodb":{"NewImage":{"entity":{"S":["Lead","LeadSale","Balance","AgentProfile","Dispute","Ping","LedgerEntry","Order","OrderTarget","Campaign","CampaignValidation","Vendor","CampaignVendor","CampaignVendorFund","Fund","RoutingRule","ContractMap","CampaignBid","DncList","PublicFormLead"]}}}}' }, { Pattern: '{"dynamodb":{"OldImage":{"entity":{"S":["Lead","LeadSale","Balance","AgentProfile","Dispute","Ping","LedgerEntry","Order","OrderTarget","Campaign","CampaignValidation","Vendor","CampaignVendor","CampaignVendorFund","Fund","RoutingRule","ContractMap","CampaignBid","DncList","PublicFormLead"]}}}}' }],
    });
    expect(PROJECTOR_STREAM_ENTITIES).not.toContain('DirectoryRow');
  });

  it('filters on exactly the entities its views read (functions/jobs/projector.ts PROJECTOR_SOURCES)', async () => {
    const { PROJECTOR_SOURCES } = await import('../../functions/jobs/projector.ts');
    expect([...PROJECTOR_STREAM_ENTITIES].sort()).toEqual([...PROJECTOR_SOURCES].sort());
  });

  it('raises an alarm when it falls a minute behind the stream or a record waits in its failures queue', () => {
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'IteratorAge', Statistic: 'Maximum', Threshold: 60_000, ComparisonOperator: 'GreaterThanThreshold' });
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
  });
});

describe('the delivery function', () => {
  const deliveriesMapping = () => {
    const found = streamMappings().filter((m) => m.FunctionName.Ref === logicalIdOf(dev.stack, dev.stack.deliveries));
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const failuresQueueId = () => {
    const ids = Object.keys(dev.template.findResources('AWS::SQS::Queue')).filter((id) => id.startsWith('DeliveryFailures'));
    expect(ids).toHaveLength(1);
    return ids[0]!;
  };

  it("is the stream's second and last reader: DynamoDB Streams serve at most two readers per shard", () => {
    const readers = streamMappings().map((m) => m.FunctionName.Ref);
    expect(readers.sort()).toEqual([logicalIdOf(dev.stack, dev.stack.projector), logicalIdOf(dev.stack, dev.stack.deliveries)].sort());
  });

  it('reads the table stream from the trim horizon in batches of 100, with partial batch failures, bisecting, 10 retries and its own on-failure queue', () => {
    const { FilterCriteria: _filter, Tags: _tags, ...mapping } = deliveriesMapping();
    expect(mapping).toEqual({
      FunctionName: { Ref: logicalIdOf(dev.stack, dev.stack.deliveries) },
      EventSourceArn: { 'Fn::GetAtt': [expect.stringMatching(/^DataTable/), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failuresQueueId(), 'Arn'] } } },
    });
  });

  it('is invoked only for records whose new or old image is a LeadSale, Dispute, BalanceCrossing or Notification', () => {
    expect(deliveriesMapping().FilterCriteria).toEqual({
      Filters: [
        { Pattern: '{"dynamodb":{"NewImage":{"entity":{"S":["LeadSale","Dispute","BalanceCrossing","Notification"]}}}}' },
        { Pattern: '{"dynamodb":{"OldImage":{"entity":{"S":["LeadSale","Dispute","BalanceCrossing","Notification"]}}}}' },
      ],
    });
  });

  it('filters on exactly the entities its views read (functions/jobs/deliveries.ts DELIVERY_SOURCES)', async () => {
    const { DELIVERY_SOURCES } = await import('../../functions/jobs/deliveries.ts');
    expect([...DELIVERY_STREAM_ENTITIES].sort()).toEqual([...DELIVERY_SOURCES].sort());
  });

  it('keeps what failed every retry 14 days in an encrypted, TLS-only queue', () => {
    const id = failuresQueueId();
    expect(resourcesOf(dev.template)[id]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    dev.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: id }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('runs as the projector runs (60 s, 512 MB, arm64 nodejs22.x); compliance.test.ts checks it is built from functions/jobs/deliveries.ts', () => {
    const fn = resourcesOf(dev.template)[logicalIdOf(dev.stack, dev.stack.deliveries)]!.Properties!;
    expect(fn).toMatchObject({ Timeout: 60, MemorySize: 512, Handler: 'index.handler', Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    expect(dev.stack.deliveries.fn.node.path).toMatch(/\/Deliveries\//);
  });
});
