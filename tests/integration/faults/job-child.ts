// A job's work (the Pro Store run, the CSV upload job, the agents export, the retention pass, the local projector) in a child process of a fault test, with a kill armed at one DynamoDB call: the
// process ends by SIGKILL there, as a Lambda sandbox torn down mid-run would. The parent passes one
// JSON argument: { job, plan, input }; the environment (table, endpoints, FAULT_INJECTION=on) is its own.
import { injectFault, type FaultPlan } from '#platform/faults.ts';

interface ChildRun {
  job: 'prostore' | 'csv' | 'projector' | 'retention' | 'export';
  plan: FaultPlan;
  input: { at?: string; object?: { bucket: string; key: string; size: number }; checkpointFile?: string; now?: string; exportId?: string };
}

const { job, plan, input } = JSON.parse(process.argv[2] ?? '{}') as ChildRun;
injectFault(plan);
if (job === 'prostore') {
  const { runProStoreTransfers } = await import('#core/money/prostore.ts');
  await runProStoreTransfers({ at: new Date(input.at!), concurrency: 1 });
} else if (job === 'csv') {
  const { processUploadedObject } = await import('#core/uploads/process-upload.ts');
  await processUploadedObject(input.object!);
} else if (job === 'export') {
  const { runAgentExport } = await import('#core/directory/agent-exports.ts');
  await runAgentExport(input.exportId!);
} else if (job === 'retention') {
  const { runRetention } = await import('#core/leads/retention.ts');
  await runRetention({ now: new Date(input.now!), months: 36 });
} else {
  // The local projector from its checkpoint file, until it has applied what the stream holds.
  const { startLocalProjector } = await import('../../../infra/local/projector.ts');
  const projector = await startLocalProjector({ endpoint: process.env.DYNAMODB_ENDPOINT!, tableName: process.env.TABLE_NAME!, checkpointFile: input.checkpointFile!, idleMs: 50 });
  await projector.settled();
  await projector.stop();
}
// Reached only when the kill's call was not on this run's path.
process.exit(0);
