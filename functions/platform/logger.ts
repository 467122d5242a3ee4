// One structured logger for every function (AWS Lambda Powertools Logger). Log ids and codes, never
// personal data; card numbers and security codes are masked here as a last line of defence, whatever a
// caller passes. Every line carries the keys of the invocation it belongs to (request id, cold start,
// correlation id, route id, agent id), kept per invocation in an AsyncLocalStorage so the local gateway,
// which serves many requests in one process, never mixes them. In Lambda a line is one JSON object;
// locally and in tests (LOG_FORMAT unset outside Lambda, or LOG_FORMAT=pretty) it is one readable line.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Console } from 'node:console';
import { Logger, LogFormatter, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { maskCardData, maskFields } from './mask.ts';

/** What every line of one invocation carries beside its own fields. */
export interface LogScope {
  /** The Lambda request id (locally the local invocation's id). */
  requestId?: string;
  coldStart?: boolean;
  /** Follows one piece of work across functions: the API request's, carried into the projector and the jobs. */
  correlationId?: string;
  routeId?: string;
  /** The agent a request acts for (an id, never a name or an address). */
  agentId?: string;
  /** A job's or the projector's name. */
  job?: string;
}

const scopes = new AsyncLocalStorage<LogScope>();
let coldStart = true;

/**
 * The scope of one invocation: its request id and whether it is the process's first. Call once per
 * invocation (the first call of a process is the cold start).
 */
export function invocationScope(context: { awsRequestId?: string } | undefined, keys: Omit<LogScope, 'requestId' | 'coldStart'> = {}): LogScope {
  const scope: LogScope = { requestId: context?.awsRequestId, coldStart, ...keys };
  coldStart = false;
  return scope;
}

/** Runs `fn` with `scope`'s keys on every line it (and all it awaits) logs. */
export function withLogScope<T>(scope: LogScope, fn: () => T): T {
  return scopes.run({ ...scope }, fn);
}

/** The current invocation's keys (a copy). */
export function logScope(): LogScope {
  return { ...scopes.getStore() };
}

/** Adds keys to the current invocation's scope (the agent id once the session is known). */
export function addLogKeys(keys: Partial<LogScope>): void {
  const scope = scopes.getStore();
  if (scope) Object.assign(scope, keys);
}

/** The current invocation's correlation id, to hand on to the work it starts. */
export function currentCorrelationId(): string | undefined {
  return scopes.getStore()?.correlationId;
}

/** A correlation id a caller may send: short, and of characters that cannot forge a log line. */
export function acceptableCorrelationId(value: string | undefined): string | undefined {
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}

type Format = 'json' | 'pretty';
const LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
type Level = (typeof LEVELS)[number];

/** Lambda sets AWS_EXECUTION_ENV (`AWS_Lambda_nodejs22.x`); the local stack and tests do not. */
export const inLambda = () => (process.env.AWS_EXECUTION_ENV ?? '').startsWith('AWS_Lambda_');

function configuredFormat(): Format {
  const format = process.env.LOG_FORMAT;
  if (format === 'json' || format === 'pretty') return format;
  if (format) throw new Error(`LOG_FORMAT must be json or pretty, not ${format}`);
  return inLambda() ? 'json' : 'pretty';
}

function configuredLevel(): Level {
  const level = (process.env.LOG_LEVEL ?? 'info').toUpperCase();
  if (!(LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ').toLowerCase()}, not ${process.env.LOG_LEVEL}`);
  return level as Level;
}

/** Powertools' key names in JSON; the scope's keys and the caller's fields follow, all masked. */
class MaskingFormatter extends LogFormatter {
  override formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const base = {
      level: attributes.logLevel,
      message: maskCardData(String(attributes.message ?? '')),
      timestamp: this.formatTimestamp(attributes.timestamp),
      service: attributes.serviceName,
      function_name: attributes.lambdaContext?.functionName,
      xray_trace_id: attributes.xRayTraceId,
    };
    return new LogItem({ attributes: base }).addAttributes(maskFields(additional));
  }
}

const PRETTY_SKIP = new Set(['level', 'message', 'timestamp', 'service', 'function_name', 'xray_trace_id', 'requestId', 'coldStart']);

/** `13:05:02.114 WARN  Card payment failed  agentId=A-1 routeId=postCreditFail error="decline ****0135"` */
export function prettyLine(attributes: Record<string, unknown>): string {
  const time = String(attributes.timestamp ?? '').slice(11, 23);
  const level = String(attributes.level ?? '').padEnd(5);
  const rest = Object.entries(attributes)
    .filter(([k, v]) => !PRETTY_SKIP.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${prettyValue(v)}`);
  return [time, level, String(attributes.message ?? ''), ...rest].join(' ').replace(/[\r\n]+/g, ' ');
}

function prettyValue(v: unknown): string {
  if (typeof v === 'string') return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  return JSON.stringify(v) ?? String(v);
}

/**
 * Prints through the global console (warnings and errors to stderr, as before: tests spy on it) in the
 * chosen format; in Lambda through its own Console on the process's streams, as Powertools does.
 */
class PortalLogger extends Logger {
  readonly #format: Format;
  readonly #out: Pick<Console, 'log' | 'error'>;

  constructor(format: Format, level: Level) {
    super({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'leadportal', logLevel: level, logFormatter: new MaskingFormatter() });
    this.#format = format;
    this.#out = inLambda() ? new Console({ stdout: process.stdout, stderr: process.stderr }) : console;
  }

  protected override printLog(logLevel: number, log: LogItem): void {
    log.prepareForPrint();
    const attributes = log.getAttributes();
    const line = this.#format === 'json' ? JSON.stringify(attributes, this.getJsonReplacer()) : prettyLine(attributes);
    // Powertools' thresholds: WARN is 16, ERROR 20, CRITICAL 24.
    if (logLevel >= 16) this.#out.error(line);
    else this.#out.log(line);
  }
}

export interface PortalLog {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger of the given format and level (the module's `logger` takes both from configuration). */
export function createLogger(options: { format?: Format; level?: Level } = {}): PortalLog {
  const base = new PortalLogger(options.format ?? configuredFormat(), options.level ?? configuredLevel());
  const fieldsOf = (fields?: Record<string, unknown>) => ({ ...scopes.getStore(), ...fields });
  return {
    debug: (message, fields) => base.debug(message, fieldsOf(fields)),
    info: (message, fields) => base.info(message, fieldsOf(fields)),
    warn: (message, fields) => base.warn(message, fieldsOf(fields)),
    error: (message, fields) => base.error(message, fieldsOf(fields)),
  };
}

export const logger: PortalLog = createLogger();
