// A job's work in a child process of a fault test, with a kill armed at one DynamoDB call: the
// process ends by SIGKILL there, as a Lambda sandbox torn down mid-run would. The parent passes one
// JSON argument: { job, plan, input }; the environment (table, endpoints, FAULT_INJECTION=on) is its own.
import { injectFault, type FaultPlan } from '#platform/faults.ts';

interface ChildRun {
  job: 'prostore' | 'csv';
  plan: FaultPlan;
  input: { at?: string; object?: { bucket: string; key: string; size: number } };
}

const { job, plan, input } = JSON.parse(process.argv[2] ?? '{}') as ChildRun;
injectFault(plan);
if (job === 'prostore') {
  const { runProStoreTransfers } = await import('#core/money/prostore.ts');
  await runProStoreTransfers({ at: new Date(input.at!), concurrency: 1 });
} else {
  const { processUploadedObject } = await import('#core/uploads/process-upload.ts');
  await processUploadedObject(input.object!);
}
// Reached only when the kill's call was not on this run's path.
process.exit(0);
