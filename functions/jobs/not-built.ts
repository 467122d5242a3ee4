// A job whose work is not built yet says so and fails, rather than pretending to have run.
import { logger } from '#platform/logger.ts';

export class JobNotImplemented extends Error {
  constructor(job: string) {
    super(`Job ${job} is not implemented yet`);
    this.name = 'JobNotImplemented';
  }
}

export function notBuilt(job: string): never {
  logger.warn('Job not implemented', { job });
  throw new JobNotImplemented(job);
}
