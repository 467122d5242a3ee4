import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { withCorrelation } from '#platform/db.ts';
import { logger, withLogScope } from '#platform/logger.ts';
import { emfOf, metricNames } from '#platform/emf-capture.ts';
import { observeBatch, project, type View } from './projector.ts';

const NOW = Date.parse('2026-12-02T12:00:10Z');
const record = (seq: string, createdSecondsAgo: number, image: Record<string, unknown> = {}): DynamoDBRecord => ({
  eventID: `e${seq}`,
  eventName: 'INSERT',
  dynamodb: { SequenceNumber: seq, ApproximateCreationDateTime: NOW / 1000 - createdSecondsAgo, NewImage: image as never, Keys: { pk: { S: 'X' }, sk: { S: seq } } },
});
const entry = (type: string, creditCents: number, debitCents: number) => ({ entity: { S: 'LedgerEntry' }, type: { S: type }, creditCents: { N: String(creditCents) }, debitCents: { N: String(debitCents) } });

describe('projector metrics', () => {
  it('reports the records applied, the largest lag among them and no failure', async () => {
    const [line] = await emfOf(() => observeBatch([record('1', 4), record('2', 1)], { applied: 2 }, NOW));
    expect(metricNames(line!)).toEqual(['ProjectorFailures', 'ProjectorLag', 'ProjectorRecords']);
    expect(line).toMatchObject({ ProjectorRecords: 2, ProjectorFailures: 0, ProjectorLag: 4000 });
  });

  it('counts a failed batch, and the lag of the records before the failure only', async () => {
    const [line] = await emfOf(() => observeBatch([record('1', 2), record('2', 30)], { applied: 1, failedSequenceNumber: '2' }, NOW));
    expect(line).toMatchObject({ ProjectorRecords: 1, ProjectorFailures: 1, ProjectorLag: 2000 });
  });

  it('names the delivery function’s own figures, and leaves the money moved to the projector', async () => {
    const lines = await emfOf(() => observeBatch([record('1', 3, entry('Lead', 0, 2500))], { applied: 1 }, NOW, 'deliveries'));
    expect(lines).toHaveLength(1);
    expect(metricNames(lines[0]!)).toEqual(['DeliveryFailures', 'DeliveryLag', 'DeliveryRecords']);
    expect(lines[0]).toMatchObject({ DeliveryRecords: 1, DeliveryFailures: 0, DeliveryLag: 3000 });
  });

  it('counts the money moved by new ledger entries per entry type', async () => {
    const records = [record('1', 1, entry('Lead', 0, 2500)), record('2', 1, entry('Lead', 0, 1500)), record('3', 1, entry('Transfer', 700, 0)), record('4', 1, { entity: { S: 'Lead' } })];
    const lines = await emfOf(() => observeBatch(records, { applied: 4 }, NOW));
    const money = lines.filter((l) => 'Type' in l).map((l) => ({ Type: l.Type, MoneyMovement: l.MoneyMovement, MoneyMovementCents: l.MoneyMovementCents }));
    expect(money).toEqual([
      { Type: 'Lead', MoneyMovement: 2, MoneyMovementCents: 4000 },
      { Type: 'Transfer', MoneyMovement: 1, MoneyMovementCents: 700 },
    ]);
  });
});

describe('correlation id', () => {
  it("is written on the items a request puts and carried into the projector's lines about their records", async () => {
    const item = withLogScope({ correlationId: 'corr-77' }, () => withCorrelation({ pk: 'X', sk: '1', entity: 'Lead' }));
    expect(item).toEqual({ pk: 'X', sk: '1', entity: 'Lead', correlationId: 'corr-77' });
    expect(withCorrelation({ pk: 'X' })).toEqual({ pk: 'X' });

    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    const failing: View = { name: 'failing', sources: [], apply: async () => Promise.reject(new RangeError('no')) };
    const outcome = await project([record('1', 0, { entity: { S: 'Lead' }, correlationId: { S: 'corr-77' } })], [failing]);
    logger.error('outside');
    vi.restoreAllMocks();
    expect(outcome.failedSequenceNumber).toBe('1');
    expect(lines[0]).toContain('correlationId=corr-77');
    expect(lines[1]).not.toContain('corr-77');
  });
});
