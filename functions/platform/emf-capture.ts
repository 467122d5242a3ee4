// For tests: captures the CloudWatch EMF lines Powertools Metrics prints (to stdout, through its own Console) while
// a piece of work runs, with metrics switched on for it (they are off outside Lambda by default).
import { vi } from 'vitest';

export interface Emf {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

/** `switchOn: false` leaves the metrics setting as it is (to see that nothing is printed when off). */
export async function emfOf(fn: () => Promise<unknown> | unknown, switchOn = true): Promise<Emf[]> {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  if (switchOn) vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (!text.includes('"_aws"')) return write(chunk, ...(rest as []));
    lines.push(text);
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
    if (switchOn) vi.unstubAllEnvs();
  }
  return lines.map((l) => JSON.parse(l) as Emf);
}

/** The metric names of one EMF line. */
export const metricNames = (line: Emf) => line._aws.CloudWatchMetrics.flatMap((d) => d.Metrics.map((m) => m.Name)).sort();
