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
  /** Custom site host name (e.g. portal.example.com); without it the CloudFront domain is the site. */
  siteDomain?: string;
  /** ACM certificate (us-east-1) for siteDomain. */
  certificateArn?: string;
  /** Explicit deployment target; the stack stays environment-agnostic without them. */
  account?: string;
  region?: string;
}

function optionalString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
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
    siteDomain,
    certificateArn,
    account: optionalString(node, 'account'),
    region: optionalString(node, 'region'),
  };
}
