// EventBridge schedule expressions (`cron(...)` with AWS's six fields, and `rate(...)`), evaluated in
// UTC as EventBridge rules are, so the local scheduler fires jobs when AWS would. Supports numbers,
// names (MON, JAN), `*`, `?`, lists, ranges and `/` steps; rejects `L`, `W` and `#`, which no job uses.

export interface Schedule {
  /** The first time after `after` (exclusive) that the schedule fires. */
  next(after: Date): Date;
}

const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  /** Names accepted in place of numbers, the first meaning `min`. */
  names?: string[];
}

const FIELDS: FieldSpec[] = [
  { name: 'minutes', min: 0, max: 59 },
  { name: 'hours', min: 0, max: 23 },
  { name: 'day-of-month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTH_NAMES },
  // AWS numbers days of the week 1 (Sunday) to 7 (Saturday).
  { name: 'day-of-week', min: 1, max: 7, names: DAY_NAMES },
  { name: 'year', min: 1970, max: 2199 },
];

/** The set of values a field allows, or undefined for `*` and `?` (anything). */
function parseField(text: string, spec: FieldSpec, expr: string): Set<number> | undefined {
  if (text === '*' || text === '?') return undefined;
  const bad = (why: string) => new Error(`Unsupported schedule ${expr}: ${spec.name} "${text}" ${why}`);
  const value = (token: string): number => {
    const named = spec.names?.indexOf(token.toUpperCase()) ?? -1;
    const n = named >= 0 ? spec.min + named : /^\d+$/.test(token) ? Number(token) : NaN;
    if (!(n >= spec.min && n <= spec.max)) throw bad(`is not ${spec.min}-${spec.max}${spec.names ? ' or a name' : ''}`);
    return n;
  };
  const allowed = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw bad('has a bad step');
    const [from, to] =
      range === '*' ? [spec.min, spec.max] : range.includes('-') ? range.split('-').map(value) : [value(range), stepText ? spec.max : value(range)];
    if (from === undefined || to === undefined || from > to) throw bad('has a bad range');
    for (let v = from; v <= to; v += step) allowed.add(v);
  }
  return allowed;
}

function cron(body: string, expr: string): Schedule {
  const parts = body.trim().split(/\s+/);
  if (parts.length !== 6) throw new Error(`Unsupported schedule ${expr}: cron needs 6 fields, got ${parts.length}`);
  if ((parts[2] === '?') === (parts[4] === '?'))
    throw new Error(`Unsupported schedule ${expr}: exactly one of day-of-month and day-of-week must be ?`);
  const [minutes, hours, days, months, weekdays, years] = parts.map((p, i) => parseField(p, FIELDS[i]!, expr));
  const has = (set: Set<number> | undefined, v: number) => !set || set.has(v);

  return {
    next(after) {
      const t = new Date(after);
      t.setUTCSeconds(0, 0);
      t.setUTCMinutes(t.getUTCMinutes() + 1);
      // Jump field by field (month, day, hour, minute) instead of testing every minute.
      const limit = after.getTime() + 10 * 366 * 24 * 3600_000;
      while (t.getTime() <= limit) {
        if (!has(years, t.getUTCFullYear()) || !has(months, t.getUTCMonth() + 1)) {
          t.setUTCMonth(t.getUTCMonth() + 1, 1);
          t.setUTCHours(0, 0);
        } else if (!has(days, t.getUTCDate()) || !has(weekdays, t.getUTCDay() + 1)) {
          t.setUTCDate(t.getUTCDate() + 1);
          t.setUTCHours(0, 0);
        } else if (!has(hours, t.getUTCHours())) {
          t.setUTCHours(t.getUTCHours() + 1, 0);
        } else if (!has(minutes, t.getUTCMinutes())) {
          t.setUTCMinutes(t.getUTCMinutes() + 1);
        } else return t;
      }
      throw new Error(`Schedule ${expr} never fires again`);
    },
  };
}

const RATE_UNITS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

function rate(body: string, expr: string): Schedule {
  const match = /^\s*(\d+)\s+(minute|hour|day)s?\s*$/.exec(body);
  const amount = Number(match?.[1]);
  // AWS insists on the singular for 1 and the plural otherwise; being lenient here costs nothing.
  if (!match || amount < 1) throw new Error(`Unsupported schedule ${expr}: expected rate(<n> minute|hour|day[s])`);
  const everyMs = amount * RATE_UNITS[match[2]!]!;
  return { next: (after) => new Date(after.getTime() + everyMs) };
}

export function parseSchedule(expr: string): Schedule {
  const match = /^(cron|rate)\((.*)\)$/.exec(expr.trim());
  if (!match) throw new Error(`Unsupported schedule ${expr}: expected cron(...) or rate(...)`);
  return match[1] === 'cron' ? cron(match[2]!, expr) : rate(match[2]!, expr);
}
