// Settings every bucket of the stack shares (private, encrypted, TLS only, access-logged) and the
// bucket receiving S3 server access logs and CloudFront's standard logs.
import type { Construct } from 'constructs';
import { Duration, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, type BucketProps, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { StageConfig } from './stage-config.ts';

export function accessLogBucket(scope: Construct, id: string, config: StageConfig): Bucket {
  const bucket = new Bucket(scope, id, {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    // CloudFront delivers its standard logs through an ACL grant, so ACLs must stay enabled here.
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ expiration: Duration.days(365) }],
    removalPolicy: config.removalPolicy,
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'This is the access-log destination; logging it into itself would loop.',
  });
  return bucket;
}

/** Private, encrypted, TLS-only bucket settings whose access logs go to `accessLogs` under `logPrefix`. */
export function privateBucketProps(config: StageConfig, accessLogs: Bucket, logPrefix: string): BucketProps {
  return {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: logPrefix,
    removalPolicy: config.removalPolicy,
  };
}
