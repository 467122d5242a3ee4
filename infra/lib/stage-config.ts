// Per-stage settings of the AWS stack, read from CDK context (`-c stage=prod -c authDomainPrefix=...`)
// over defaults kept here, so tests and `cdk synth` see the same values without any AWS lookup.
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageConfig {
  stage: Stage;
  /** Retain data (table, buckets, user pool) when the stack or a resource is removed. */
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** Prefix of the Cognito hosted sign-in domain; must be unique in the region. */
  authDomainPrefix: string;
  /** Name of the Secrets Manager secret holding the card payment provider's credentials. */
  paymentSecretName: string;
  /** The drawer's Help link and the external agent portal (time zone), served by GET configs. */
  helpUrl: string;
  agentPortalUrl: string;
  /** Base URL of the card payment provider's API (its hosted form and transaction look-up). */
  paymentProviderUrl: string;
  /** Steady requests per second and burst for every API route (HTTP API stage default route settings). */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /** The tighter limit of each public form route (sales), per route. */
  publicRouteThrottle: { rateLimit: number; burstLimit: number };
  /** Reserved concurrency of the public sales forms' function: its ceiling, and its floor. */
  publicReservedConcurrency: number;
  /**
   * Vendor intake's own limit per route, sized for all vendors together (each vendor's own posting
   * rate is the vendor's setting), apart from the forms' so neither can starve the other.
   */
  intakeRouteThrottle: { rateLimit: number; burstLimit: number };
  /** Reserved concurrency of the vendor intake function. */
  intakeReservedConcurrency: number;
  /**
   * Steady rate and burst of the live socket's WebSocket stage (connects and messages together, the
   * stage's default route settings): every agent tab opens one socket and sends nothing after it.
   */
  liveSocketThrottle: { rateLimit: number; burstLimit: number };
  /** Requests one viewer address may make to the public forms (`/api/sales/*`) in five minutes (the web ACL's rate rule). */
  publicFormsPerIpLimit: number;
  /**
   * A CloudFront web ACL made elsewhere (it must live in us-east-1); without it the stack makes its
   * own, which needs the stack itself in us-east-1.
   */
  webAclArn?: string;
  /**
   * The API's own host name (e.g. api.portal.example.com) and its regional ACM certificate (same
   * region as the stack). With them the default execute-api endpoint is disabled and CloudFront
   * reaches the API through this name only; prod requires them.
   */
  apiDomain?: string;
  apiCertificateArn?: string;
  /** Custom site host name (e.g. portal.example.com); without it the CloudFront domain is the site. */
  siteDomain?: string;
  /** ACM certificate (us-east-1) for siteDomain. */
  certificateArn?: string;
  /**
   * Outgoing e-mail through SES (functions/platform/mailer.ts): the sender (`mailFrom`, an address or
   * `Name <address>`) and the verified SES identity it sends as (`mailIdentity`, by default the
   * address's domain). Unset: no function gets MAIL_FROM or ses:SendEmail, and mailing fails loudly.
   */
  mail?: { from: string; identity: string };
  /**
   * Outgoing text messages through SNS (functions/platform/sms.ts): the origination number they are sent
   * from (`smsFrom`, E.164: a number of the account in AWS End User Messaging SMS). Unset: no function gets
   * SMS_ORIGINATION_NUMBER or sns:Publish, and texting fails loudly.
   */
  sms?: { originationNumber: string };
  /** The functions' log level (LOG_LEVEL: debug, info, warn, error); context `logLevel`, default info. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /**
   * Where alarms notify (infra/lib/observability.ts): an existing SNS topic by its ARN (context
   * `alarmTopicArn`), or else a topic the stack makes, named `alarmTopicName` (default
   * `leadportal-<stage>-alarms`), with `alarmEmail` subscribed when given.
   */
  alarms: { topicArn?: string; topicName: string; email?: string };
  /** Explicit deployment target; the stack stays environment-agnostic without them. */
  account?: string;
  region?: string;
}

function optionalNumber(node: Node, key: string, fallback: number): number {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) throw new Error(`Context "${key}" must be a positive integer`);
  return number;
}

function optionalString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
}

const MAIL_ADDRESS = /^[^\s@<>"]+@([^\s@<>"]+\.[^\s@<>"]+)$/;

/** The sender and its SES identity from context `mailFrom` (and `mailIdentity`); undefined without a sender. */
function mailConfig(node: Node): StageConfig['mail'] {
  const from = optionalString(node, 'mailFrom');
  const identity = optionalString(node, 'mailIdentity');
  if (!from) {
    if (identity) throw new Error('Context "mailIdentity" needs "mailFrom" (the sender address)');
    return undefined;
  }
  const address = /<([^<>]+)>$/.exec(from.trim())?.[1] ?? from.trim();
  const domain = MAIL_ADDRESS.exec(address)?.[1];
  if (!domain) throw new Error('Context "mailFrom" must be an e-mail address or "Name <address>"');
  if (identity !== undefined && identity !== address && identity !== domain) {
    throw new Error('Context "mailIdentity" must be the "mailFrom" address or its domain (the verified SES identity it sends as)');
  }
  return { from: from.trim(), identity: identity ?? domain };
}

/** The origination number of text alerts from context `smsFrom`; undefined without one. */
function smsConfig(node: Node): StageConfig['sms'] {
  const from = optionalString(node, 'smsFrom');
  if (!from) return undefined;
  if (!/^\+[1-9]\d{7,14}$/.test(from.trim())) throw new Error('Context "smsFrom" must be a phone number in E.164 form (+18885550100)');
  return { originationNumber: from.trim() };
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

function logLevelOf(node: Node): StageConfig['logLevel'] {
  const level = optionalString(node, 'logLevel') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`Context "logLevel" must be one of ${LOG_LEVELS.join(', ')}`);
  return level as StageConfig['logLevel'];
}

function alarmsOf(node: Node, stage: string): StageConfig['alarms'] {
  const topicArn = optionalString(node, 'alarmTopicArn');
  const topicName = optionalString(node, 'alarmTopicName') ?? `leadportal-${stage}-alarms`;
  const email = optionalString(node, 'alarmEmail');
  if (topicArn && !/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/.test(topicArn)) throw new Error('Context "alarmTopicArn" must be an SNS topic ARN');
  if (topicArn && (optionalString(node, 'alarmTopicName') || email)) throw new Error('Context "alarmTopicArn" names an existing topic: give "alarmTopicName" and "alarmEmail" only for a topic the stack makes');
  if (email && !MAIL_ADDRESS.test(email)) throw new Error('Context "alarmEmail" must be an e-mail address');
  return { ...(topicArn ? { topicArn } : {}), topicName, ...(email ? { email } : {}) };
}

/** The stage's configuration; unknown stages and half-configured custom domains fail synth. */
export function stageConfig(node: Node): StageConfig {
  const stage = optionalString(node, 'stage') ?? 'dev';
  if (!(STAGES as readonly string[]).includes(stage)) {
    throw new Error(`Unknown stage "${stage}"; expected one of ${STAGES.join(', ')}`);
  }
  const prod = stage === 'prod';
  const siteDomain = optionalString(node, 'siteDomain');
  const certificateArn = optionalString(node, 'certificateArn');
  if (Boolean(siteDomain) !== Boolean(certificateArn)) {
    throw new Error('Context "siteDomain" and "certificateArn" must be given together');
  }
  const apiDomain = optionalString(node, 'apiDomain');
  const apiCertificateArn = optionalString(node, 'apiCertificateArn');
  if (Boolean(apiDomain) !== Boolean(apiCertificateArn)) {
    throw new Error('Context "apiDomain" and "apiCertificateArn" must be given together');
  }
  const region = optionalString(node, 'region');
  if (region && region !== 'us-east-1' && !optionalString(node, 'webAclArn')) {
    throw new Error(
      `The site's web ACL (CloudFront scope) can only be made in us-east-1: deploy the stack there, or make the web ACL in us-east-1 and pass its ARN as context "webAclArn" (region is ${region})`,
    );
  }
  if (prod && !apiDomain) {
    throw new Error(
      'Stage prod needs context "apiDomain" and "apiCertificateArn": the default execute-api endpoint is disabled there, so CloudFront reaches the API by its own domain',
    );
  }
  return {
    stage: stage as Stage,
    removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    logRetention: prod ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
    authDomainPrefix: optionalString(node, 'authDomainPrefix') ?? `leadportal-${stage}`,
    paymentSecretName: optionalString(node, 'paymentSecretName') ?? `leadportal/${stage}/payment-provider`,
    helpUrl: optionalString(node, 'helpUrl') ?? 'https://help.example.com/lead-portal',
    agentPortalUrl: optionalString(node, 'agentPortalUrl') ?? 'https://agents.example.com',
    // The provider is chosen per deployment; the default names its sandbox host until one is set.
    paymentProviderUrl: optionalString(node, 'paymentProviderUrl') ?? `https://payments-sandbox.example.com/${stage}`,
    apiThrottle: {
      rateLimit: optionalNumber(node, 'apiRateLimit', prod ? 200 : 50),
      burstLimit: optionalNumber(node, 'apiBurstLimit', prod ? 400 : 100),
    },
    publicRouteThrottle: {
      rateLimit: optionalNumber(node, 'publicRateLimit', prod ? 20 : 5),
      burstLimit: optionalNumber(node, 'publicBurstLimit', prod ? 40 : 10),
    },
    publicReservedConcurrency: optionalNumber(node, 'publicReservedConcurrency', prod ? 10 : 2),
    intakeRouteThrottle: {
      rateLimit: optionalNumber(node, 'intakeRateLimit', prod ? 500 : 50),
      burstLimit: optionalNumber(node, 'intakeBurstLimit', prod ? 1000 : 100),
    },
    intakeReservedConcurrency: optionalNumber(node, 'intakeReservedConcurrency', prod ? 50 : 5),
    liveSocketThrottle: {
      rateLimit: optionalNumber(node, 'liveRateLimit', prod ? 100 : 20),
      burstLimit: optionalNumber(node, 'liveBurstLimit', prod ? 200 : 40),
    },
    publicFormsPerIpLimit: optionalNumber(node, 'publicFormsPerIpLimit', 300),
    webAclArn: optionalString(node, 'webAclArn'),
    apiDomain,
    apiCertificateArn,
    siteDomain,
    certificateArn,
    mail: mailConfig(node),
    sms: smsConfig(node),
    logLevel: logLevelOf(node),
    alarms: alarmsOf(node, stage),
    account: optionalString(node, 'account'),
    region: optionalString(node, 'region'),
  };
}
