// The lead portal on AWS: this stack only wires the constructs together (data, API functions and
// routes, sign-in, site, schedules); each construct owns its settings.
import type { Construct } from 'constructs';
import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AREAS, type Area, JOBS, type JobName } from '#shared/manifest.ts';
import { areaEntry, jobEntries } from '../../functions/areas.ts';
import { ApiFunction } from './api-function.ts';
import { DataBuckets } from './data-buckets.ts';
import { DataTable } from './data-table.ts';
import { AREA_NEEDS, type FunctionNeeds, JOB_NEEDS } from './function-needs.ts';
import { ManifestHttpApi } from './manifest-http-api.ts';
import { accessLogBucket } from './private-buckets.ts';
import { Site } from './site.ts';
import type { StageConfig } from './stage-config.ts';
import { UserAuth } from './user-auth.ts';

/** Uploaded CSV files land under this prefix; the CSV job starts for each. */
export const UPLOADS_INCOMING_PREFIX = 'incoming/';

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
  readonly data: DataTable;
  readonly buckets: DataBuckets;

  constructor(scope: Construct, id: string, props: LeadPortalStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.data = new DataTable(this, 'Data', config);
    const accessLogs = accessLogBucket(this, 'AccessLogs', config);
    const api = new ManifestHttpApi(this, 'Http', { config });
    const site = new Site(this, 'Site', { config, accessLogs, apiDomainName: api.domainName });
    const siteOrigin = site.origin;
    this.buckets = new DataBuckets(this, 'Buckets', { config, siteOrigin, accessLogs });
    const auth = new UserAuth(this, 'Auth', { config, siteOrigin });
    // Referenced by name, never stored in the template; its value is set outside CDK.
    const paymentSecret = Secret.fromSecretNameV2(this, 'PaymentSecret', config.paymentSecretName);
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
      fn.bindTable(this.data, needs.table);
      if (needs.uploads) fn.bindBucket(this.buckets.uploads, 'UPLOADS_BUCKET', needs.uploads);
      if (needs.exports) fn.bindBucket(this.buckets.exports, 'EXPORTS_BUCKET', needs.exports);
      if (needs.paymentSecret) {
        fn.bindSecret(paymentSecret, 'PAYMENT_SECRET_ARN');
        fn.setEnvironment('PAYMENT_PROVIDER_URL', config.paymentProviderUrl);
        fn.setEnvironment('PAYMENT_SESSION_ENV', config.stage === 'prod' ? 'PROD' : 'DEV');
      }
      if (needs.publishesEvents) fn.bindEventBus(defaultBus);
      if (needs.oidc) fn.setEnvironment('OIDC_ISSUER', auth.issuerUrl).setEnvironment('OIDC_CLIENT_ID', auth.client.userPoolClientId);
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

    // A job run that still fails after Lambda's own retries is kept for 14 days instead of vanishing:
    // both triggers (the schedule and the S3 notification) invoke asynchronously.
    this.jobFailures = new Queue(this, 'JobFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.jobFailures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter destination of the job functions; nothing consumes it automatically.',
    });
    for (const job of Object.values(this.jobFunctions))
      job.fn.configureAsyncInvoke({ onFailure: new SqsDestination(this.jobFailures), retryAttempts: 2 });

    new Rule(this, 'ProStoreSchedule', {
      description: JOBS.prostore.description,
      schedule: Schedule.expression(JOBS.prostore.schedule),
      targets: [new LambdaFunction(this.jobFunctions.prostore.fn, { retryAttempts: 2 })],
    });
    this.buckets.notifyOnUpload(this.jobFunctions.csvProcess.fn, UPLOADS_INCOMING_PREFIX);

    site.deployFrontend(props.frontendDist, config);

    new CfnOutput(this, 'SiteUrl', { value: siteOrigin });
    new CfnOutput(this, 'SignInIssuer', { value: auth.issuerUrl });
  }
}
