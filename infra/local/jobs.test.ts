import { describe, expect, it } from 'vitest';
import sampleApi from '#events/samples/api-gateway-v2.json' with { type: 'json' };
import sampleS3 from '#events/samples/s3-put.json' with { type: 'json' };
import sampleScheduled from '#events/samples/scheduled.json' with { type: 'json' };
import { matchRoute } from '#shared/manifest.ts';
import { buildApiEvent } from './gateway-event.ts';
import { s3PutEvent, scheduledEvent } from './jobs.ts';

/** Every key path of a JSON value, so a builder and its sample can be compared by shape. */
function shape(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => shape(v, prefix ? `${prefix}.${k}` : k));
}

describe('local event builders match the samples in events/samples', () => {
  it('builds scheduled events shaped like EventBridge’s', () => {
    const event = scheduledEvent('prostore', new Date('2025-11-24T06:00:00.000Z'));
    expect(shape(event).sort()).toEqual(shape(sampleScheduled).sort());
    expect(event).toMatchObject({ 'detail-type': 'Scheduled Event', source: 'aws.events', time: '2025-11-24T06:00:00Z' });
  });

  it('builds S3 notifications shaped like S3’s, with the key URL-encoded as S3 does', () => {
    const event = s3PutEvent({ bucket: 'uploads', key: 'incoming/agents list.csv', size: 12, eTag: 'abc' });
    expect(shape(event.Records[0]).sort()).toEqual(shape(sampleS3.Records[0]).sort());
    expect(event.Records[0]!.s3.object.key).toBe('incoming/agents+list.csv');
  });

  it('builds API Gateway events shaped like the v2 sample', () => {
    const match = matchRoute('GET', '/agent/A1001/basicinfo')!;
    const event = buildApiEvent(
      { method: 'GET', url: '/api/agent/A1001/basicinfo?include=a&include=b', headers: { host: 'localhost:5173', cookie: 'session=abc123' }, body: Buffer.alloc(0), sourceIp: '127.0.0.1', httpVersion: '1.1' },
      match,
    );
    expect(Object.keys(event).sort()).toEqual(Object.keys(sampleApi).sort());
    expect(shape(event.requestContext).sort()).toEqual(shape(sampleApi.requestContext).sort());
  });
});
