// Where each area's and job's code lives; read by the CDK stack, the local gateway and `npm run routes`.
import type { Area, JobName } from '#shared/manifest.ts';

/** Entry file of an area's Lambda, relative to the repository root. */
export const areaEntry = (area: Area) => `functions/${area}/handler.ts`;
/** Module exporting the area's route handlers map. */
export const areaRoutesModule = (area: Area) => `functions/${area}/routes.ts`;

export const jobEntries: Record<JobName, string> = {
  prostore: 'functions/jobs/prostore.ts',
  csvProcess: 'functions/jobs/csv-process.ts',
  agentExport: 'functions/jobs/agent-export.ts',
  leadRetry: 'functions/jobs/lead-retry.ts',
  leadRetention: 'functions/jobs/lead-retention.ts',
  balanceAlerts: 'functions/jobs/balance-alerts.ts',
  alertQueue: 'functions/jobs/alert-queue.ts',
};

/** The functions that are neither an area nor a job: the live socket and the stream's and queue's readers. */
export const streamAndSocketEntries = {
  liveSocket: 'functions/live/socket.ts',
  projector: 'functions/jobs/projector.ts',
  deliveries: 'functions/jobs/deliveries.ts',
  webhookDeliver: 'functions/jobs/webhook-deliver.ts',
} as const;
