// The table's change stream (DynamoDB Streams, NEW_AND_OLD_IMAGES) as the projector sees it: one
// record per committed write, its item before and after as plain objects. The same records come from
// Lambda's event source mapping in AWS and from DynamoDB Local's Streams API locally
// (infra/local/projector.ts), both in the Streams API's wire shape.
import type { AttributeValue as StreamAttributeValue, DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

export type Item = Record<string, unknown>;

export interface ChangeRecord {
  /** The stream's id of the record: the same on every delivery of it, so a view may key work by it. */
  eventId: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** Orders records of one item; Lambda reports a failed record by it. */
  sequenceNumber: string;
  keys: { pk: string; sk: string };
  /** The item after the write (absent for REMOVE). */
  newImage?: Item;
  /** The item before the write (absent for INSERT). */
  oldImage?: Item;
}

/**
 * An empty map attribute can arrive as `{}` (DynamoDB Local's stream through the Streams client drops
 * the empty `M`); read as the empty map it was, where unmarshall would refuse it.
 */
function withEmptyMaps(value: StreamAttributeValue): AttributeValue {
  const v = value as Record<string, unknown>;
  if (Object.keys(v).length === 0) return { M: {} };
  if (v.M) return { M: Object.fromEntries(Object.entries(v.M as Record<string, StreamAttributeValue>).map(([k, inner]) => [k, withEmptyMaps(inner)])) };
  if (v.L) return { L: (v.L as StreamAttributeValue[]).map(withEmptyMaps) };
  return value as AttributeValue;
}

const plain = (image: Record<string, StreamAttributeValue> | undefined): Item | undefined =>
  image ? unmarshall(Object.fromEntries(Object.entries(image).map(([k, v]) => [k, withEmptyMaps(v)]))) : undefined;

/** A record of the Streams API (Lambda's event or GetRecords' answer) as a ChangeRecord. */
export function changeRecordOf(record: DynamoDBRecord): ChangeRecord {
  const change = record.dynamodb ?? {};
  const keys = plain(change.Keys) as { pk: string; sk: string } | undefined;
  return {
    eventId: record.eventID ?? change.SequenceNumber ?? '',
    eventName: (record.eventName ?? 'MODIFY') as ChangeRecord['eventName'],
    sequenceNumber: change.SequenceNumber ?? '',
    keys: { pk: String(keys?.pk ?? ''), sk: String(keys?.sk ?? '') },
    ...(change.NewImage ? { newImage: plain(change.NewImage) } : {}),
    ...(change.OldImage ? { oldImage: plain(change.OldImage) } : {}),
  };
}

/** The item's entity name after the write, or before it for a REMOVE. */
export const entityOf = (record: ChangeRecord): string | undefined => (record.newImage?.entity ?? record.oldImage?.entity) as string | undefined;
