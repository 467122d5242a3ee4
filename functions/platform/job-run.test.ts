import { afterEach, describe, expect, it, vi } from 'vitest';
import { emfOf } from './emf-capture.ts';
import { runJob } from './job-run.ts';

describe('a job run', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts its run, rows and failed parts under its name', async () => {
    const [line] = await emfOf(() => runJob('prostore', { awsRequestId: 'r1' }, async () => ({ result: 'done', rows: 12, failed: 2 })));
    expect(line).toMatchObject({ Job: 'prostore', JobRuns: 1, JobRows: 12, JobFailures: 2 });
  });

  it('counts a run that throws as a failure, logs it with its correlation id and throws again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let thrown: unknown;
    const [line] = await emfOf(() =>
      runJob('leadRetry', { awsRequestId: 'r2' }, async () => {
        throw new TypeError('boom');
      }).catch((err: unknown) => (thrown = err)),
    );
    expect(thrown).toBeInstanceOf(TypeError);
    expect(line).toMatchObject({ Job: 'leadRetry', JobRuns: 1, JobRows: 0, JobFailures: 1 });
    const logged = String(errors.mock.calls[0]?.[0]);
    for (const part of ['Job run failed', 'job=leadRetry', 'correlationId=leadRetry:r2', 'error=TypeError']) expect(logged).toContain(part);
  });
});
