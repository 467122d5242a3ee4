// X-Ray tracing (AWS Lambda Powertools Tracer), in Lambda only: locally and in tests there is no X-Ray
// daemon, so nothing is loaded (the tracer and the X-Ray SDK cost ~120 ms to import) and every helper
// here is a no-op. POWERTOOLS_TRACE_ENABLED=false turns it off in Lambda too.
import type middy from '@middy/core';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { inLambda } from './logger.ts';

const wanted = inLambda() && process.env.POWERTOOLS_TRACE_ENABLED !== 'false';

const tracer: Tracer | undefined = wanted ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: 'leadportal' }) : undefined;
const captureHandler = wanted ? (await import('@aws-lambda-powertools/tracer/middleware')).captureLambdaHandler : undefined;

/** An AWS SDK v3 client whose calls become X-Ray subsegments (in Lambda); the client itself otherwise. */
export function traced<T>(client: T): T {
  return tracer ? tracer.captureAWSv3Client(client as never) : client;
}

/** An annotation on the invocation's handler subsegment (searchable in X-Ray): route, outcome, job. */
export function annotate(key: string, value: string | number | boolean): void {
  tracer?.putAnnotation(key, value);
}

/** The middy middleware that opens the handler's subsegment (annotations need it); none outside Lambda. */
export function tracing<E, R>(): middy.MiddlewareObj<E, R>[] {
  return tracer && captureHandler ? [captureHandler(tracer, { captureResponse: false }) as middy.MiddlewareObj<E, R>] : [];
}

/** Runs `fn` in its own subsegment (a job's or the projector's whole run) in Lambda; just runs it otherwise. */
export async function inSegment<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const parent = tracer?.getSegment();
  if (!tracer || !parent) return fn();
  const segment = parent.addNewSubsegment(name);
  tracer.setSegment(segment);
  try {
    return await fn();
  } catch (err) {
    segment.addError(err as Error);
    throw err;
  } finally {
    segment.close();
    tracer.setSegment(parent);
  }
}
