// The uploads and exports buckets, with CORS for the presigned URLs the site's browser uses, the
// exports' expiry, and the uploads notifications that start CSV processing and the agent export job.
import { Construct } from 'constructs';
import { Aws, Duration, Fn } from 'aws-cdk-lib';
import { CfnPermission, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket, type CfnBucket, HttpMethods, type IBucket } from 'aws-cdk-lib/aws-s3';
import { JOBS } from '#shared/manifest.ts';
import { privateBucketProps } from './private-buckets.ts';
import type { StageConfig } from './stage-config.ts';

/** Exports are handed out by short-lived presigned URLs; nobody needs the file days later. */
const EXPORT_LIFETIME = Duration.days(3);

export interface DataBucketsProps {
  config: StageConfig;
  siteOrigin: string;
  accessLogs: Bucket;
}

export class DataBuckets extends Construct {
  /**
   * The uploads bucket addressed by its fixed name. Grants and the notification go through the name,
   * not a reference: the bucket's notification needs the job functions (and their invoke
   * permission) first, so a reference back from that function's policy would be a cycle.
   */
  readonly uploads: IBucket;
  readonly exports: Bucket;
  private readonly uploadsBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataBucketsProps) {
    super(scope, id);
    const { config, siteOrigin, accessLogs } = props;

    const uploadsName = Fn.join('-', ['leadportal', config.stage, 'uploads', Aws.ACCOUNT_ID, Aws.REGION]);
    this.uploadsBucket = new Bucket(this, 'Uploads', {
      ...privateBucketProps(config, accessLogs, 'uploads/'),
      bucketName: uploadsName,
      cors: [{ allowedOrigins: [siteOrigin], allowedMethods: [HttpMethods.PUT, HttpMethods.GET], allowedHeaders: ['*'], exposedHeaders: ['ETag'], maxAge: 3000 }],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // The agent export's trigger objects have done their work once the job has started.
        { prefix: JOBS.agentExport.prefix, expiration: Duration.days(1) },
      ],
    });
    this.uploads = Bucket.fromBucketName(this, 'UploadsByName', uploadsName);

    this.exports = new Bucket(this, 'Exports', {
      ...privateBucketProps(config, accessLogs, 'exports/'),
      cors: [{ allowedOrigins: [siteOrigin], allowedMethods: [HttpMethods.GET], allowedHeaders: ['*'], maxAge: 3000 }],
      lifecycleRules: [{ expiration: EXPORT_LIFETIME, abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
  }

  /**
   * Start each trigger's function for every object created under its prefix in the uploads bucket
   * (the prefixes must not overlap: S3 refuses overlapping notifications). Written on the bucket
   * itself (not CDK's addEventNotification) to avoid its helper Lambda, whose role needs
   * s3:PutBucketNotification on Resource "*".
   */
  notifyOnUpload(triggers: { fn: IFunction; prefix: string }[]): void {
    const cfn = this.uploadsBucket.node.defaultChild as CfnBucket;
    cfn.notificationConfiguration = {
      lambdaConfigurations: triggers.map(({ fn, prefix }, i) => {
        // The first keeps the id it had when it was the only trigger, so deploying does not replace it.
        const invoke = new CfnPermission(this, i === 0 ? 'UploadsInvokesJob' : `UploadsInvokesJob${i + 1}`, {
          action: 'lambda:InvokeFunction',
          functionName: fn.functionArn,
          principal: 's3.amazonaws.com',
          sourceArn: this.uploads.bucketArn,
          sourceAccount: Aws.ACCOUNT_ID,
        });
        // S3 checks that it may invoke the function when the notification is written.
        cfn.node.addDependency(invoke);
        return { event: 's3:ObjectCreated:*', function: fn.functionArn, filter: { s3Key: { rules: [{ name: 'prefix', value: prefix }] } } };
      }),
    };
  }
}
