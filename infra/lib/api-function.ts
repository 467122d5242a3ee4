// The one Lambda construct: it fixes runtime, architecture, bundling, logging and tracing for every
// area and job, and offers bind* helpers that set an environment variable and grant only what it names.
import { Construct } from 'constructs';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, type CfnFunction, Function as LambdaFunction, LoggingFormat, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { lambdaCode, LAMBDA_RUNTIME } from './bundling.ts';
import { DEFAULT_TIMEOUT_SECONDS } from './function-needs.ts';
import type { DataTable } from './data-table.ts';
import type { LiveSocketApi } from './live-socket-api.ts';
import { acknowledgeWildcardResource } from './nag.ts';
import type { StageConfig } from './stage-config.ts';
import type { ZipData } from './zip-data-files.ts';

export type TableAccess = 'read' | 'readWrite';
/** `delete` only removes objects (the retention job's dialer files); it reads and writes nothing. */
export type ObjectAccess = 'read' | 'write' | 'readWrite' | 'delete';

/** Item-level actions only: no Scan (request paths never scan) and no table management. */
export const TABLE_ACTIONS: Record<TableAccess, string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
};

/** Without DeleteItem and BatchWriteItem: a function narrowed to key prefixes adds and changes items. */
export const NARROW_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'];

/**
 * Partition-key patterns (IAM StringLike, e.g. `SALES_LEAD#*`) a function may read and write. IAM
 * checks them through `dynamodb:LeadingKeys`: the table's partition key for item calls, the index's
 * partition key for a Query on an index (docs/deployment.md says what this can and cannot restrict).
 */
export interface TableKeys {
  read: string[];
  write: string[];
  /** Keys whose items the function may also delete (DeleteItem, in a transaction too); none by default. */
  delete?: string[];
}

/** Presigned URLs act with the signer's rights, so presigning a download needs s3:GetObject too. */
const OBJECT_ACTIONS: Record<ObjectAccess, string[]> = {
  read: ['s3:GetObject'],
  write: ['s3:PutObject'],
  readWrite: ['s3:GetObject', 's3:PutObject'],
  delete: ['s3:DeleteObject'],
};

const APPLICATION_LOG_LEVELS: Record<StageConfig['logLevel'], ApplicationLogLevel> = {
  debug: ApplicationLogLevel.DEBUG,
  info: ApplicationLogLevel.INFO,
  warn: ApplicationLogLevel.WARN,
  error: ApplicationLogLevel.ERROR,
};

export interface ApiFunctionProps {
  /** Entry file relative to the repository root; it exports `handler`. */
  entry: string;
  description: string;
  config: StageConfig;
  /** Origin browsers use for the site (scheme and host); handlers check state-changing calls against it. */
  siteOrigin: string;
  timeout?: Duration;
  memorySize?: number;
  /** US ZIP files to generate beside the bundle. */
  zipData?: ZipData;
}

export class ApiFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    // Our own role instead of AWSLambdaBasicExecutionRole: that managed policy allows writing to
    // every log group in the account, this one only to the function's own group.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
    );
    this.fn = new LambdaFunction(this, 'Function', {
      code: lambdaCode(props.entry, props.zipData),
      handler: 'index.handler',
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      timeout: props.timeout ?? Duration.seconds(DEFAULT_TIMEOUT_SECONDS),
      memorySize: props.memorySize ?? 512,
      description: props.description,
      role: this.role,
      logGroup,
      // The code writes one JSON object per line already (functions/platform/logger.ts, Powertools Logger).
      loggingFormat: LoggingFormat.JSON,
      // Lambda filters JSON lines by their level too (and Powertools defers to AWS_LAMBDA_LOG_LEVEL): the same level both ways.
      applicationLogLevelV2: APPLICATION_LOG_LEVELS[props.config.logLevel],
      // X-Ray: Powertools Tracer (functions/platform/tracer.ts) records the SDK calls and annotates route,
      // status and outcome. CDK grants xray:PutTraceSegments and PutTelemetryRecords on "*" (acknowledged below).
      tracing: Tracing.ACTIVE,
      environment: {
        STAGE: props.config.stage,
        APP_ORIGIN: props.siteOrigin,
        NODE_OPTIONS: '--enable-source-maps',
        LOG_LEVEL: props.config.logLevel,
        POWERTOOLS_SERVICE_NAME: 'leadportal',
      },
    });
    acknowledgeWildcardResource(
      this.role,
      '*',
      'X-Ray tracing (issue 22): xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions, ' +
        'so CDK grants them on "*" (the AWSXRayDaemonWriteAccess managed policy would grant the same); they write traces only. ' +
        'tests/infra/least-privilege.test.ts holds every other "*" out of the function roles.',
    );
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime the code and its pinned dependencies are checked against (guides/dependencies.md); ' +
        'moving to nodejs24.x goes with that toolchain upgrade.',
    });
  }

  /**
   * TABLE_NAME plus item access to the table and each of its indexes; with `keys`, only to items whose
   * partition key (or, for index queries, the index's partition key) matches one of their patterns.
   */
  bindTable(data: DataTable, access: TableAccess, keys?: TableKeys): this {
    this.fn.addEnvironment('TABLE_NAME', data.table.tableName);
    const resources = [data.table.tableArn, ...data.indexArns];
    if (!keys) {
      this.role.addToPrincipalPolicy(new PolicyStatement({ actions: TABLE_ACTIONS[access], resources }));
      return this;
    }
    // ForAllValues: every key the request names must match (a BatchGetItem cannot slip one past).
    const leading = (patterns: string[]) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': patterns } });
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: TABLE_ACTIONS.read, resources, conditions: leading(keys.read) }));
    if (access === 'readWrite' && keys.write.length > 0) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: NARROW_WRITE_ACTIONS, resources: [data.table.tableArn], conditions: leading(keys.write) }),
      );
      if (keys.delete?.length)
        this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:DeleteItem'], resources: [data.table.tableArn], conditions: leading(keys.delete) }));
    }
    return this;
  }

  /** The bucket's name in `envVar` plus object access to that bucket only, or only to keys under `prefix`. */
  bindBucket(bucket: IBucket, envVar: 'UPLOADS_BUCKET' | 'EXPORTS_BUCKET', access: ObjectAccess, prefix = ''): this {
    this.fn.addEnvironment(envVar, bucket.bucketName);
    const objects = bucket.arnForObjects(`${prefix}*`);
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: OBJECT_ACTIONS[access], resources: [objects] }));
    acknowledgeWildcardResource(
      this.role,
      objects,
      'Object actions can only be granted on object ARNs; `<bucket>/*` confines them to this one bucket.',
    );
    return this;
  }

  /** The secret's ARN in `envVar` plus permission to read that one secret's value. */
  bindSecret(secret: ISecret, envVar: 'PAYMENT_SECRET_ARN' | 'ORIGIN_SECRET_ARN' | 'ALERT_TOKEN_SECRET_ARN'): this {
    this.fn.addEnvironment(envVar, secret.secretArn);
    secret.grantRead(this.role);
    return this;
  }

  /**
   * The webhook signing key's ARN in WEBHOOK_SIGNING_KEY_ARN plus secretsmanager:GetSecretValue on that one
   * secret, nothing else (not DescribeSecret, which `grantRead` adds): functions/core/webhooks/signing.ts only reads its value.
   */
  bindWebhookSigningKey(secret: ISecret): this {
    this.fn.addEnvironment('WEBHOOK_SIGNING_KEY_ARN', secret.secretArn);
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
    return this;
  }

  /**
   * The webhook delivery queue's URL in DELIVERY_QUEUE_URL plus sqs:SendMessage on that one queue, nothing else
   * (`grantSendMessages` adds GetQueueAttributes and GetQueueUrl; the code is given the URL). SQS-managed
   * encryption needs no KMS grant.
   */
  bindDeliveryQueue(queue: IQueue): this {
    this.fn.addEnvironment('DELIVERY_QUEUE_URL', queue.queueUrl);
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
    return this;
  }

  /** The bus's name in EVENT_BUS_NAME plus events:PutEvents on that one bus. */
  bindEventBus(bus: IEventBus): this {
    this.fn.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
    bus.grantPutEventsTo(this.role);
    return this;
  }

  /**
   * The sender in MAIL_FROM plus ses:SendEmail on its one verified SES identity (a domain or an address)
   * in this stack's account and region; no other identity and no configuration set.
   */
  bindMailSender(from: string, identity: string): this {
    this.fn.addEnvironment('MAIL_FROM', from);
    const identityArn = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identityArn] }));
    return this;
  }

  /**
   * The origination number in SMS_ORIGINATION_NUMBER plus sns:Publish. SNS has no ARN for a phone
   * number, so the grant is on "*"; a Deny on every topic ARN keeps it to direct texts (no topic of
   * this or any account can be published to with it).
   */
  bindSmsSender(originationNumber: string): this {
    this.fn.addEnvironment('SMS_ORIGINATION_NUMBER', originationNumber);
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    const everyTopic = Stack.of(this).formatArn({ service: 'sns', region: '*', account: '*', resource: '*' });
    this.role.addToPrincipalPolicy(new PolicyStatement({ effect: Effect.DENY, actions: ['sns:Publish'], resources: [everyTopic] }));
    acknowledgeWildcardResource(
      this.role,
      '*',
      'sns:Publish to a phone number (a text alert) has no resource ARN, so it can only be granted on "*"; an explicit Deny on ' +
        'every topic ARN confines it to texts (docs/deployment.md "Text messages").',
    );
    return this;
  }

  /**
   * The live sockets' management endpoint in LIVE_PUSH_ENDPOINT (`https://{api}.execute-api.{region}.amazonaws.com/{stage}`)
   * plus execute-api:ManageConnections on that stage's connections for POST (PostToConnection, a push) and
   * DELETE (DeleteConnection, a close) only: not GET (a connection's details), not another stage or API.
   */
  bindLiveSockets(sockets: LiveSocketApi): this {
    this.fn.addEnvironment('LIVE_PUSH_ENDPOINT', sockets.stage.callbackUrl);
    const connections = (['POST', 'DELETE'] as const).map((method) =>
      Stack.of(this).formatArn({ service: 'execute-api', resource: sockets.api.apiId, resourceName: `${sockets.stage.stageName}/${method}/@connections/*` }),
    );
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: connections }));
    for (const resource of connections) {
      acknowledgeWildcardResource(
        this.role,
        resource,
        'Connection ids are made by API Gateway as sockets open, so the grant names the connections of this one API, stage and method.',
      );
    }
    return this;
  }

  /** Reserved concurrency: at most, and always available, `executions` at once. */
  reserveConcurrency(executions: number): this {
    (this.fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = executions;
    return this;
  }

  setEnvironment(name: string, value: string): this {
    this.fn.addEnvironment(name, value);
    return this;
  }
}
