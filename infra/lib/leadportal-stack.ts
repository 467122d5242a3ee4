// The lead portal on AWS: this stack only wires the constructs together (data, API functions and
// routes, the live socket, sign-in, site, schedules); each construct owns its settings.
import type { Construct } from 'constructs';
import { CfnOutput, Duration, Stack, Validations, type RemovalPolicy, type StackProps } from 'aws-cdk-lib';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AREAS, type Area, JOBS, type JobName } from '#shared/manifest.ts';
import { areaEntry, jobEntries, streamAndSocketEntries } from '../../functions/areas.ts';
import { ApiFunction } from './api-function.ts';
import { DataBuckets } from './data-buckets.ts';
import { DataTable } from './data-table.ts';
import { DeliveryQueue } from './delivery-queue.ts';
import { AREA_NEEDS, DELIVERY_FUNCTION_NEEDS, type FunctionNeeds, JOB_NEEDS, LIVE_SOCKET_NEEDS, PROJECTOR_NEEDS, WEBHOOK_DELIVER_NEEDS } from './function-needs.ts';
import { LiveSocketApi } from './live-socket-api.ts';
import { ManifestHttpApi } from './manifest-http-api.ts';
import { Observability } from './observability.ts';
import { acknowledgeWildcardResource } from './nag.ts';
import { accessLogBucket } from './private-buckets.ts';
import { Site } from './site.ts';
import type { StageConfig } from './stage-config.ts';
import { UserAuth } from './user-auth.ts';

/** Uploaded CSV files land under this prefix; the CSV job starts for each. */
export const UPLOADS_INCOMING_PREFIX = JOBS.csvProcess.prefix;
/** Agent export requests drop a trigger object under this prefix; the export job starts for each. */
export const EXPORT_REQUESTS_PREFIX = JOBS.agentExport.prefix;
/**
 * The entities whose stream records reach the delivery function: DELIVERY_SOURCES of
 * functions/jobs/deliveries.ts, written out here so synth does not load the views' runtime code (the SDK
 * clients, the logger); tests/infra/data-and-jobs.test.ts holds the two lists equal.
 */
export const DELIVERY_STREAM_ENTITIES = ['LeadSale', 'Dispute', 'BalanceCrossing', 'Notification'] as const;
/** The same for the projector: PROJECTOR_SOURCES of functions/jobs/projector.ts (the facts its views read). */
export const PROJECTOR_STREAM_ENTITIES = [
  'Lead', 'LeadSale', 'Balance', 'AgentProfile', 'Dispute', 'Ping', 'LedgerEntry', 'Order', 'OrderTarget', 'Campaign', 'CampaignValidation', 'Vendor', 'CampaignVendor', 'CampaignVendorFund', 'Fund', 'RoutingRule', 'ContractMap', 'CampaignBid', 'DncList', 'PublicFormLead',
] as const;

/** An event source mapping's filters: records whose new or old image is one of `entities` (a REMOVE record has only the old image). */
const entityFilters = (entities: readonly string[]) => {
  const entityIn = FilterRule.or(...entities);
  return (['NewImage', 'OldImage'] as const).map((image) => FilterCriteria.filter({ dynamodb: { [image]: { entity: { S: entityIn } } } }));
};

export interface LeadPortalStackProps extends StackProps {
  config: StageConfig;
  /** The frontend build (Vite's dist folder); not deployed when it does not exist at synth time. */
  frontendDist: string;
}

export class LeadPortalStack extends Stack {
  readonly areaFunctions: Record<Area, ApiFunction>;
  readonly jobFunctions: Record<JobName, ApiFunction>;
  /** Where job invocations that failed every retry are kept. */
  readonly jobFailures: Queue;
  /** Keeps the views and publishes the domain events from the table's stream. */
  readonly projector: ApiFunction;
  /** Where stream records the projector failed on every retry are described. */
  readonly projectorFailures: Queue;
  /** The stream's second reader: notifications and their live push, CRM deliveries, e-mail and SMS alerts. */
  readonly deliveries: ApiFunction;
  /** Where stream records the delivery function failed on every retry are described. */
  readonly deliveryFailures: Queue;
  readonly data: DataTable;
  readonly buckets: DataBuckets;
  readonly api: ManifestHttpApi;
  /** The live-notification socket's WebSocket API (issue 23), reached at /api/live through CloudFront. */
  readonly liveSockets: LiveSocketApi;
  /** Serves the WebSocket API's $connect, $disconnect and $default routes. */
  readonly liveSocket: ApiFunction;
  /** The CRM webhook deliveries' queue and its dead-letter queue (issue 23). */
  readonly webhookDeliveries: DeliveryQueue;
  /** Posts the queued webhook deliveries to the agents' CRMs. */
  readonly webhookWorker: ApiFunction;
  /** The key every webhook endpoint's signing secret is derived from. */
  readonly webhookSigningKey: Secret;
  readonly observability: Observability;

  constructor(scope: Construct, id: string, props: LeadPortalStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.data = new DataTable(this, 'Data', config);
    const accessLogs = accessLogBucket(this, 'AccessLogs', config);
    // Known only to CloudFront (which sends it to the API) and the API's authorizer; generated by
    // Secrets Manager, never in the repository or the template (CloudFormation resolves a reference).
    const originSecret = generatedSecret(this, 'OriginSecret', {
      description: 'Header value CloudFront adds to API requests; the API refuses requests without it',
      length: 48,
      removalPolicy: config.removalPolicy,
      rotation:
        'CloudFront holds the value in its origin configuration, so a rotation must go with a deployment of the ' +
        'distribution; rotate by redeploying (docs/deployment.md), not on a Secrets Manager schedule.',
    });
    const site = new Site(this, 'Site', { config, accessLogs, originSecret });
    const siteOrigin = site.origin;
    const api = (this.api = new ManifestHttpApi(this, 'Http', { config, originSecret, siteOrigin }));
    const liveSockets = (this.liveSockets = new LiveSocketApi(this, 'Live', { config }));
    site.routeApi(api.domainName, { domainName: liveSockets.domainName, stageName: liveSockets.stage.stageName });
    this.buckets = new DataBuckets(this, 'Buckets', { config, siteOrigin, accessLogs });
    const auth = new UserAuth(this, 'Auth', { config, siteOrigin });
    // Referenced by name, never stored in the template; its value is set outside CDK.
    const paymentSecret = Secret.fromSecretNameV2(this, 'PaymentSecret', config.paymentSecretName);
    // The key of the e-mail and SMS alerts' unsubscribe links (functions/core/alerts/alert-token.ts):
    // generated by Secrets Manager, never in the repository or the template.
    const alertTokenSecret = generatedSecret(this, 'AlertTokenSecret', {
      description: 'HMAC key of the unsubscribe links in e-mail and SMS alerts',
      length: 48,
      removalPolicy: config.removalPolicy,
      rotation:
        'Rotating the key voids the unsubscribe links of every alert already sent; rotate by hand when it may have leaked ' +
        '(docs/deployment.md), not on a schedule.',
    });
    // The key the CRM webhook endpoints' secrets are derived from (functions/core/webhooks/signing.ts):
    // generated by Secrets Manager, never in the repository or the template.
    const webhookSigningKey = (this.webhookSigningKey = generatedSecret(this, 'WebhookSigningKey', {
      description: "Key the CRM webhook endpoints' signing secrets are derived from",
      length: 64,
      removalPolicy: config.removalPolicy,
      rotation:
        "Every endpoint secret agents were shown is derived from this key: a new value breaks every CRM's signature check until " +
        'each agent rotates and copies a new secret. Rotate by hand when it may have leaked (docs/deployment.md), not on a schedule.',
    }));
    // CRM deliveries go through this queue to the worker, never inside a sale's transaction or answer.
    const webhookDeliveries = (this.webhookDeliveries = new DeliveryQueue(this, 'WebhookDelivery', {
      workerTimeout: Duration.seconds(WEBHOOK_DELIVER_NEEDS.timeoutSeconds),
    }));
    // Domain events go to the account's default bus, where the store's rules pick them up.
    const defaultBus = EventBus.fromEventBusName(this, 'DefaultEventBus', 'default');

    const build = (id: string, entry: string, description: string, needs: FunctionNeeds) => {
      const fn = new ApiFunction(this, id, {
        entry,
        description,
        config,
        siteOrigin,
        timeout: needs.timeoutSeconds === undefined ? undefined : Duration.seconds(needs.timeoutSeconds),
        memorySize: needs.memorySize,
        zipData: needs.zipData,
      });
      fn.bindTable(this.data, needs.table, needs.tableKeys);
      if (typeof needs.uploads === 'string') fn.bindBucket(this.buckets.uploads, 'UPLOADS_BUCKET', needs.uploads);
      else if (needs.uploads) fn.bindBucket(this.buckets.uploads, 'UPLOADS_BUCKET', needs.uploads.access, needs.uploads.prefix);
      if (needs.exports) fn.bindBucket(this.buckets.exports, 'EXPORTS_BUCKET', needs.exports);
      if (needs.paymentSecret) {
        fn.bindSecret(paymentSecret, 'PAYMENT_SECRET_ARN');
        fn.setEnvironment('PAYMENT_PROVIDER_URL', config.paymentProviderUrl);
        fn.setEnvironment('PAYMENT_SESSION_ENV', config.stage === 'prod' ? 'PROD' : 'DEV');
      }
      if (needs.publishesEvents) fn.bindEventBus(defaultBus);
      if (needs.pushesLive) fn.bindLiveSockets(liveSockets);
      if (needs.sendsMail && config.mail) fn.bindMailSender(config.mail.from, config.mail.identity);
      if (needs.sendsSms && config.sms) fn.bindSmsSender(config.sms.originationNumber);
      if (needs.alertLinks) fn.bindSecret(alertTokenSecret, 'ALERT_TOKEN_SECRET_ARN');
      if (needs.webhookSigningKey) fn.bindWebhookSigningKey(webhookSigningKey);
      if (needs.queuesDeliveries) fn.bindDeliveryQueue(webhookDeliveries.queue);
      for (const [name, value] of Object.entries(needs.settings ?? {})) fn.setEnvironment(name, value);
      // A ceiling on what the internet can make these cost, and a floor so they never starve the rest:
      // the vendors' intake has its own, so a flood of form posts or bad-token posts cannot starve the other.
      if (needs.publicFunction) fn.reserveConcurrency(id === 'Area-intake' ? config.intakeReservedConcurrency : config.publicReservedConcurrency);
      if (needs.oidc) fn.setEnvironment('OIDC_ISSUER', auth.issuerUrl).setEnvironment('OIDC_CLIENT_ID', auth.client.userPoolClientId);
      if (needs.createsIdpUsers) {
        fn.setEnvironment('USER_POOL_ID', auth.userPool.userPoolId);
        auth.userPool.grant(fn.fn, 'cognito-idp:AdminCreateUser', ...(needs.removesIdpUsers ? ['cognito-idp:AdminDeleteUser'] : []));
      }
      return fn;
    };
    this.areaFunctions = Object.fromEntries(
      AREAS.map((area) => [area, build(`Area-${area}`, areaEntry(area), `API area ${area}`, AREA_NEEDS[area])]),
    ) as Record<Area, ApiFunction>;
    this.areaFunctions.me.setEnvironment('HELP_URL', config.helpUrl).setEnvironment('AGENT_PORTAL_URL', config.agentPortalUrl);
    this.jobFunctions = Object.fromEntries(
      (Object.keys(JOBS) as JobName[]).map((job) => [job, build(`Job-${job}`, jobEntries[job], JOBS[job].description, JOB_NEEDS[job])]),
    ) as Record<JobName, ApiFunction>;

    api.addManifestRoutes(
      Object.fromEntries(AREAS.map((area) => [area, this.areaFunctions[area].fn])) as Record<Area, ApiFunction['fn']>,
    );
    this.liveSocket = build('LiveSocket', streamAndSocketEntries.liveSocket, 'Live notification socket: $connect, $disconnect, $default', LIVE_SOCKET_NEEDS);
    liveSockets.addSocketRoutes(this.liveSocket.fn);

    // A job run that still fails after Lambda's own retries is kept for 14 days instead of vanishing:
    // both triggers (the schedule and the S3 notification) invoke asynchronously.
    this.jobFailures = this.failureQueue('JobFailures', 'the dead-letter destination of the job functions');
    for (const job of Object.values(this.jobFunctions))
      job.fn.configureAsyncInvoke({ onFailure: new SqsDestination(this.jobFailures), retryAttempts: 2 });

    // The projector reads the table's stream in order, one batch of a shard at a time. A record it
    // cannot apply is reported (partial batch response), the batch split in two and retried; after
    // the retry limit the record's description goes to a queue kept 14 days, and the shard moves on.
    // Filter criteria: only records of the facts its views read invoke it, never the views' own writes
    // (each of which would otherwise invoke it again to pass the record over).
    this.projector = build('Projector', streamAndSocketEntries.projector, 'Keeps the views and publishes domain events from the table stream', PROJECTOR_NEEDS);
    this.projectorFailures = this.failureQueue('ProjectorFailures', 'the on-failure destination of the projector');
    this.projector.fn.addEventSource(
      new DynamoEventSource(this.data.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.projectorFailures),
        filters: entityFilters(PROJECTOR_STREAM_ENTITIES),
      }),
    );
    acknowledgeWildcardResource(
      this.projector.role,
      '*',
      'dynamodb:ListStreams, which the event source mapping grants, has no resource-level permissions; reading the stream itself is granted on this table\'s stream only.',
    );

    // The delivery function tells the agents (notifications, live push, CRM deliveries, e-mail and SMS
    // alerts) from the same stream, apart from the projector, so a backlog of view work never holds up a
    // sold lead. It is the stream's second reader: DynamoDB Streams serve at most two readers per shard
    // before throttling them, so a third consumer needs a fan-out (e.g. EventBridge Pipes or Kinesis), not
    // another mapping. The same handling as the projector's (partial batch failures, bisect, 10 retries,
    // then the record's description to a queue of its own), and filter criteria: Lambda invokes it only for
    // records whose new or old image is one of the entities its views read; the rest never invoke it.
    // TRIM_HORIZON, not LATEST: LATEST would lose the records written between the projector giving these
    // views up and this mapping starting (a deployment's gap: sales no agent hears of). From the trim
    // horizon a new mapping replays up to 24 h, which the views absorb: a notification is created only if
    // absent, pushed and alerted only when fresh, and a delivery queued again is posted once.
    this.deliveries = build('Deliveries', streamAndSocketEntries.deliveries, 'Tells agents of their sales, disputes and balance alerts from the table stream', DELIVERY_FUNCTION_NEEDS);
    this.deliveryFailures = this.failureQueue('DeliveryFailures', 'the on-failure destination of the delivery function');
    this.deliveries.fn.addEventSource(
      new DynamoEventSource(this.data.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deliveryFailures),
        filters: entityFilters(DELIVERY_STREAM_ENTITIES),
      }),
    );
    acknowledgeWildcardResource(
      this.deliveries.role,
      '*',
      'dynamodb:ListStreams, which the event source mapping grants, has no resource-level permissions; reading the stream itself is granted on this table\'s stream only.',
    );

    // The CRM delivery worker: batches of up to 10 messages worked side by side; a message it reports failed
    // (partial batch response) comes back after the visibility timeout, and after 5 receives goes to the
    // dead-letter queue. Retries of a failed post are its own messages, queued with a delay.
    this.webhookWorker = build('WebhookWorker', streamAndSocketEntries.webhookDeliver, "Posts queued webhook deliveries to the agents' CRMs", WEBHOOK_DELIVER_NEEDS);
    this.webhookWorker.fn.addEventSource(new SqsEventSource(webhookDeliveries.queue, { batchSize: 10, reportBatchItemFailures: true }));

    new Rule(this, 'ProStoreSchedule', {
      description: JOBS.prostore.description,
      schedule: Schedule.expression(JOBS.prostore.schedule),
      targets: [new LambdaFunction(this.jobFunctions.prostore.fn, { retryAttempts: 2 })],
    });
    // Retries are due-time items the engine writes with the unsold lead (functions/entities/lead-retry.ts);
    // this rule runs the job that takes what is due each minute (docs/data-model.md "Lead retries").
    new Rule(this, 'LeadRetrySchedule', {
      description: JOBS.leadRetry.description,
      schedule: Schedule.expression(JOBS.leadRetry.schedule),
      targets: [new LambdaFunction(this.jobFunctions.leadRetry.fn, { retryAttempts: 0 })],
    });
    new Rule(this, 'LeadRetentionSchedule', {
      description: JOBS.leadRetention.description,
      schedule: Schedule.expression(JOBS.leadRetention.schedule),
      targets: [new LambdaFunction(this.jobFunctions.leadRetention.fn, { retryAttempts: 2 })],
    });
    // Crossings are outbox items the ledger writes with the balance change (functions/entities/balance-crossing.ts);
    // this rule runs the job that mails and recharges for them (docs/data-model.md "Low-balance alerts").
    new Rule(this, 'BalanceAlertsSchedule', {
      description: JOBS.balanceAlerts.description,
      schedule: Schedule.expression(JOBS.balanceAlerts.schedule),
      targets: [new LambdaFunction(this.jobFunctions.balanceAlerts.fn, { retryAttempts: 0 })],
    });
    // Alerts held for quiet hours (and failed sends) are outbox items the delivery function writes
    // (functions/entities/alert-delivery.ts); this rule runs the job that sends what is due.
    new Rule(this, 'AlertQueueSchedule', {
      description: JOBS.alertQueue.description,
      schedule: Schedule.expression(JOBS.alertQueue.schedule),
      targets: [new LambdaFunction(this.jobFunctions.alertQueue.fn, { retryAttempts: 0 })],
    });
        this.buckets.notifyOnUpload([
      { fn: this.jobFunctions.csvProcess.fn, prefix: UPLOADS_INCOMING_PREFIX },
      { fn: this.jobFunctions.agentExport.fn, prefix: EXPORT_REQUESTS_PREFIX },
    ]);

    // Alarms (iterator age, dead letters, jobs, the live socket, CRM deliveries, throttles, 5xx, latency) to the deployment's topic, and the dashboard.
    this.observability = new Observability(this, 'Observability', {
      config,
      data: this.data,
      api,
      areaFunctions: this.areaFunctions,
      jobFunctions: this.jobFunctions,
      projector: this.projector,
      deliveries: this.deliveries,
      liveSockets,
      liveSocket: this.liveSocket,
      webhookWorker: this.webhookWorker,
      webhookQueue: webhookDeliveries.queue,
      deadLetterQueues: {
        JobFailures: this.jobFailures,
        ProjectorFailures: this.projectorFailures,
        DeliveryFailures: this.deliveryFailures,
        WebhookDeliveries: webhookDeliveries.deadLetters,
      },
    });

    site.deployFrontend(props.frontendDist, config);

    new CfnOutput(this, 'SiteUrl', { value: siteOrigin });
    new CfnOutput(this, 'SignInIssuer', { value: auth.issuerUrl });
    if (api.regionalDomainName) {
      new CfnOutput(this, 'ApiDomainTarget', {
        description: `Point ${config.apiDomain} (CNAME or alias) at this name`,
        value: api.regionalDomainName,
      });
    }
  }

  /** An encrypted, TLS-only queue that keeps what failed every retry for 14 days, for someone to look at. */
  private failureQueue(id: string, whose: string): Queue {
    const queue = new Queue(this, id, { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason: `This queue is itself ${whose}; nothing consumes it automatically.` });
    return queue;
  }
}

/**
 * A secret whose value Secrets Manager generates (never in the repository or the template), with the
 * reason it is rotated by hand rather than on a schedule (cdk-nag's SMG4).
 */
function generatedSecret(scope: Construct, id: string, o: { description: string; length: number; removalPolicy: RemovalPolicy; rotation: string }): Secret {
  const secret = new Secret(scope, id, {
    description: o.description,
    generateSecretString: { passwordLength: o.length, excludePunctuation: true },
    removalPolicy: o.removalPolicy,
  });
  Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: o.rotation });
  return secret;
}
