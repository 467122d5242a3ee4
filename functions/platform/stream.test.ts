import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { changeRecordOf, entityOf } from './stream.ts';

const record = (over: Partial<DynamoDBRecord['dynamodb']> = {}, eventName: DynamoDBRecord['eventName'] = 'INSERT'): DynamoDBRecord => ({
  eventID: 'e-1',
  eventName,
  dynamodb: { SequenceNumber: '0042', Keys: { pk: { S: 'LEAD#1' }, sk: { S: 'LEAD' } }, ...over },
});

describe('a stream record as the projector sees it', () => {
  it('gives the keys and both images as plain objects', () => {
    const change = changeRecordOf(
      record({ NewImage: { pk: { S: 'LEAD#1' }, entity: { S: 'Lead' }, n: { N: '3' }, l: { L: [{ S: 'a' }] } }, OldImage: { pk: { S: 'LEAD#1' }, entity: { S: 'Lead' }, n: { N: '2' } } }, 'MODIFY'),
    );
    expect(change).toEqual({
      eventId: 'e-1',
      eventName: 'MODIFY',
      sequenceNumber: '0042',
      keys: { pk: 'LEAD#1', sk: 'LEAD' },
      newImage: { pk: 'LEAD#1', entity: 'Lead', n: 3, l: ['a'] },
      oldImage: { pk: 'LEAD#1', entity: 'Lead', n: 2 },
    });
    expect(entityOf(change)).toBe('Lead');
  });

  it('reads an empty map that arrives as {} (as DynamoDB Local streams it), at any depth', () => {
    const empty = {} as { M: Record<string, never> }; // what arrives, though the type has no such member
    const change = changeRecordOf(record({ NewImage: { pk: { S: 'X' }, counts: empty, nested: { M: { inner: empty } }, list: { L: [empty] } } }));
    expect(change.newImage).toEqual({ pk: 'X', counts: {}, nested: { inner: {} }, list: [{}] });
  });

  it("names a removed item's entity from its old image", () => {
    expect(entityOf(changeRecordOf(record({ OldImage: { pk: { S: 'X' }, entity: { S: 'LeadSale' } } }, 'REMOVE')))).toBe('LeadSale');
  });
});
