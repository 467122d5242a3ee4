// The table stream's two readers as the local stack and AWS run them: the projector (its views and
// domain events) and the delivery function (notifications, CRM deliveries, alerts, filtered to their
// sources). The integration harness runs them beside a file's tests; the seeded template
// (dynamo-template.ts) runs them once over the seed, keeping where each stopped in `checkpointDir`.
import path from 'node:path';
import { deliveryReader, startLocalProjector } from '../../infra/local/projector.ts';

/** Where a templated instance's readers keep their place in the stream (copied with the database). */
export const CHECKPOINTS = { views: 'views-checkpoint.json', deliveries: 'deliveries-checkpoint.json' } as const;

export interface StreamReadersOptions {
  endpoint: string;
  tableName: string;
  idleMs: number;
  /** Each reader's checkpoint file is kept here (CHECKPOINTS), and read back on start; none: from the stream's oldest record. */
  checkpointDir?: string;
}

export interface StreamReaders {
  /** Resolves once both readers are idle: until a round of both applies nothing (the delivery views read what the views write, and what they write themselves). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStreamReaders({ endpoint, tableName, idleMs, checkpointDir }: StreamReadersOptions): Promise<StreamReaders> {
  const log = (line: string) => console.error(line);
  const checkpoint = (name: string) => (checkpointDir ? { checkpointFile: path.join(checkpointDir, name) } : {});
  const views = await startLocalProjector({ endpoint, tableName, idleMs, log, ...checkpoint(CHECKPOINTS.views) });
  const deliveries = await startLocalProjector({ endpoint, tableName, idleMs, ...(await deliveryReader()), log, ...checkpoint(CHECKPOINTS.deliveries) });
  return {
    async settled() {
      for (;;) {
        const before = views.applied + deliveries.applied;
        await Promise.all([views.settled(), deliveries.settled()]);
        if (views.applied + deliveries.applied === before) return;
      }
    },
    async stop() {
      await deliveries.stop();
      await views.stop();
    },
  };
}
