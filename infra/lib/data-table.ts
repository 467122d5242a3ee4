// The single DynamoDB table, built from the same key definition the local stack and tests use.
import { Construct } from 'constructs';
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { TABLE_KEYS } from '#platform/table-definition.ts';
import type { StageConfig } from './stage-config.ts';

export class DataTable extends Construct {
  readonly table: Table;
  /** One ARN per index, named rather than `index/*`, so grants cover exactly the indexes that exist. */
  readonly indexArns: string[];

  constructor(scope: Construct, id: string, config: StageConfig) {
    super(scope, id);
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    const retain = config.removalPolicy === RemovalPolicy.RETAIN;
    this.table = new Table(this, 'Table', {
      partitionKey: key(TABLE_KEYS.partitionKey),
      sortKey: key(TABLE_KEYS.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_KEYS.ttl,
      // Read by the projector (functions/jobs/projector.ts).
      stream: StreamViewType[TABLE_KEYS.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: retain,
      removalPolicy: config.removalPolicy,
    });
    for (const index of TABLE_KEYS.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }
    this.indexArns = TABLE_KEYS.indexes.map((index) => `${this.table.tableArn}/index/${index.name}`);
  }
}
