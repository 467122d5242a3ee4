// The one definition of the single DynamoDB table: CDK, the local stack and the tests build from it.

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttl: 'ttl',
  /** The table's change stream: the projector needs the item before and after each write. */
  stream: 'NEW_AND_OLD_IMAGES',
  /** Overloaded global secondary indexes; every one projects all attributes. */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    // gsi4..gsi9: the Lead's indexes (All Leads by pair, campaign, vendor; by phone gsi7, number gsi8, e-mail gsi9; docs/data-model.md §1).
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
    { name: 'gsi6', partitionKey: 'gsi6pk', sortKey: 'gsi6sk' },
    { name: 'gsi7', partitionKey: 'gsi7pk', sortKey: 'gsi7sk' },
    { name: 'gsi8', partitionKey: 'gsi8pk', sortKey: 'gsi8sk' },
    { name: 'gsi9', partitionKey: 'gsi9pk', sortKey: 'gsi9sk' },
  ],
} as const;

export type IndexName = (typeof TABLE_KEYS)['indexes'][number]['name'];

/**
 * CreateTable input for DynamoDB Local and tests (CDK maps the same keys onto its construct). Without
 * `stream` (test tables that run no projector) the table keeps no change stream: DynamoDB Local's
 * stream calls slow down with every record any table of the process ever streamed.
 */
export function createTableInput(tableName: string, { stream = true }: { stream?: boolean } = {}) {
  const attrs = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const ix of TABLE_KEYS.indexes) {
    attrs.add(ix.partitionKey);
    attrs.add(ix.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' as const },
    ],
    // The change stream the projector reads (functions/core/views/): every write, its item before and after.
    ...(stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_KEYS.stream } } : {}),
    GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((ix) => ({
      IndexName: ix.name,
      KeySchema: [
        { AttributeName: ix.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: ix.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
