// The fund form's rules (spec part 3 §4 "Fund form", §5 "Fund form"), shared by the New Fund / Edit
// Fund screen (its @mantine/form resolver) and POST/PUT /api/fund (the body the server parses), so the
// browser shows exactly the messages the server would return.
import { z } from 'zod';
import { dollarsToCents, INVALID_DOLLAR_AMOUNT } from './money.ts';
import { FUND_CATEGORIES } from './funds.ts';

export const FUND_LINES_OF_BUSINESS = [
  { value: 1, label: 'Employer' },
  { value: 2, label: 'Health' },
  { value: 3, label: 'Life' },
  { value: 4, label: 'Medicare' },
] as const;

export const lineOfBusinessLabel = (lob: number) => FUND_LINES_OF_BUSINESS.find((l) => l.value === lob)?.label ?? String(lob);

/** Fund channel numbers (spec part 3 §3 Fund.Channel). */
export const FUND_CHANNEL = {
  Broker: 0,
  Captive: 1,
  Both: 2,
  FirstFamily: 3,
  CaptiveAndFFI: 4,
  BrokerAndFFI: 5,
  All: 6,
  SpecifiedAgents: 7,
} as const;

export const FUND_MESSAGES = {
  required: (field: string) => `${field} is required.`,
  startBeforeToday: 'Start Date cannot be before today.',
  endAfterStart: 'End Date must be after start date.',
  duplicateCode: 'Duplicate fund code.',
  channelRequired: 'Captive/Broker or Specify Agents is required.',
  agentsRequired: 'At least 1 agent should be added in this fund.',
  agentSearchNeedsTerm: 'Enter an agent id, first name or last name.',
  agentNotFound: (agentId: string) => `Agent ${agentId} was not found.`,
  priceTooHigh: (field: string) => `${field} must be at most $${MAX_FUND_PRICE_DOLLARS.toLocaleString('en-US')}.`,
} as const;

/** A decision (the spec gives fund prices no limit): no lead is priced above this. */
export const MAX_FUND_PRICE_DOLLARS = 99_999;
/** Specified agents per fund: a fund for a named few, bounded so one item stays small. */
export const MAX_SPECIFIED_AGENTS = 500;
/** The specify-agents search pages at 5 (spec part 3 §9). */
export const AGENT_SEARCH_PAGE_SIZE = 5;
/** Fund history pages at 15, the Funds Summary at 20 (spec part 3 §9). */
export const FUND_HISTORY_PAGE_SIZE = 15;
export const FUNDS_PAGE_SIZE = 20;

/** The channel the Captive, Broker, FirstFamily and Specify Agents toggles stand for; undefined for none. */
export function channelOfToggles(t: { Captive: boolean; Broker: boolean; FirstFamily: boolean; SpecifyAgents: boolean }): number | undefined {
  if (t.SpecifyAgents) return FUND_CHANNEL.SpecifiedAgents;
  const { Captive, Broker, FirstFamily } = t;
  if (Captive && Broker) return FirstFamily ? FUND_CHANNEL.All : FUND_CHANNEL.Both;
  if (Captive) return FirstFamily ? FUND_CHANNEL.CaptiveAndFFI : FUND_CHANNEL.Captive;
  if (Broker) return FirstFamily ? FUND_CHANNEL.BrokerAndFFI : FUND_CHANNEL.Broker;
  return FirstFamily ? FUND_CHANNEL.FirstFamily : undefined;
}

/** The toggles of a stored channel (the edit form starts from them). */
export function togglesOfChannel(channel: number): { Captive: boolean; Broker: boolean; FirstFamily: boolean; SpecifyAgents: boolean } {
  const c = FUND_CHANNEL;
  return {
    Captive: ([c.Captive, c.Both, c.CaptiveAndFFI, c.All] as number[]).includes(channel),
    Broker: ([c.Broker, c.Both, c.BrokerAndFFI, c.All] as number[]).includes(channel),
    FirstFamily: ([c.FirstFamily, c.CaptiveAndFFI, c.BrokerAndFFI, c.All] as number[]).includes(channel),
    SpecifyAgents: channel === c.SpecifiedAgents,
  };
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (text: string) => CALENDAR_DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** A required text field: trimmed, '{field} is required.' when empty. */
const requiredText = (field: string, max: number) =>
  z
    .string({ error: FUND_MESSAGES.required(field) })
    .trim()
    .min(1, FUND_MESSAGES.required(field))
    .max(max, `${field} can be at most ${max} characters.`);

/** A required choice held as a number (a select's value); null or anything else is '{field} is required.'. */
const requiredChoice = (field: string, values: readonly number[]) =>
  z.union([z.number(), z.string(), z.null()]).transform((value, ctx) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !values.includes(n)) {
      ctx.addIssue({ code: 'custom', message: FUND_MESSAGES.required(field) });
      return z.NEVER;
    }
    return n;
  });

/**
 * A price in dollars, coerced to a number; missing, not a number or zero is '{field} is required.'.
 * Parsed to cents. Text must be a plain decimal, as every other amount's: JavaScript's own coercion
 * would read '0x10' as 16, '0b101' as 5 and '1e3' as 1000.
 */
const requiredPrice = (field: string) =>
  z.union([z.number(), z.string(), z.null()]).transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : undefined;
    if (text && !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) && Number.isFinite(Number(text))) {
      ctx.addIssue({ code: 'custom', message: `${field}: ${INVALID_DOLLAR_AMOUNT}` });
      return z.NEVER;
    }
    const n = value === null || text === '' ? 0 : Number(value);
    if (!Number.isFinite(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: FUND_MESSAGES.required(field) });
      return z.NEVER;
    }
    if (n > MAX_FUND_PRICE_DOLLARS) {
      ctx.addIssue({ code: 'custom', message: FUND_MESSAGES.priceTooHigh(field) });
      return z.NEVER;
    }
    try {
      return dollarsToCents(n);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${field}: ${INVALID_DOLLAR_AMOUNT}` });
      return z.NEVER;
    }
  });

/** A required calendar day written YYYY-MM-DD (the date pickers' value). */
const requiredDay = (field: string) =>
  z.union([z.string(), z.null()]).transform((value, ctx) => {
    const text = (value ?? '').trim().slice(0, 10);
    if (!text || !isCalendarDay(text)) {
      ctx.addIssue({ code: 'custom', message: FUND_MESSAGES.required(field) });
      return z.NEVER;
    }
    return text;
  });

const agentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Agent id must be 1 to 64 letters, digits, dashes or underscores.');

/** The fields of the fund form as the browser holds them and the API receives them. */
export const fundFieldsShape = {
  Name: requiredText('Name', 100),
  Description: z.string().trim().max(1000, 'Description can be at most 1000 characters.').default(''),
  Code: requiredText('Code', 50),
  /** Employer 1, Health 2, Life 3, Medicare 4. */
  LineOfBusiness: requiredChoice('Line of Business', FUND_LINES_OF_BUSINESS.map((l) => l.value)),
  /** The provider's own category 1, Third Party shared 2 or exclusive 3. */
  Category: requiredChoice('Category', Object.values(FUND_CATEGORIES)),
  CaptivePrice: requiredPrice('Captive Price'),
  BrokerPrice: requiredPrice('Broker Price'),
  IsActive: z.boolean().default(true),
  IsLiveTransfer: z.boolean().default(false),
  StartDate: requiredDay('Start Date'),
  EndDate: requiredDay('End Date'),
  Captive: z.boolean().default(false),
  Broker: z.boolean().default(false),
  FirstFamily: z.boolean().default(false),
  SpecifyAgents: z.boolean().default(false),
  AgentIds: z.array(agentId).max(MAX_SPECIFIED_AGENTS, `A fund can list at most ${MAX_SPECIFIED_AGENTS} agents.`).default([]),
};

const DAY_MS = 86_400_000;

/** Whether an input (possibly failing other fields) is an object the rules between fields can read. */
function readsFundFields(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/**
 * zod 4 skips object-level refinements while any field fails; with this the rules between fields run
 * alongside the field errors (on any object, never on null or a list), so a form shows every message at
 * once. The value may be only partly valid: every rule checks the type of each field it reads.
 */
const alongsideFieldErrors = { when: (payload: z.core.ParsePayload) => readsFundFields(payload.value) };

/** The rules between fields; they run even when a field is invalid, so a form shows every message at once. */
function withFundRules<S extends z.ZodObject<typeof fundFieldsShape & z.ZodRawShape>>(schema: S) {
  return schema.superRefine((raw, ctx) => {
    const v = raw as unknown as Record<string, unknown>;
    const start = typeof v.StartDate === 'string' ? v.StartDate.slice(0, 10) : '';
    const end = typeof v.EndDate === 'string' ? v.EndDate.slice(0, 10) : '';
    if (isCalendarDay(start) && isCalendarDay(end) && Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`) < DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['EndDate'], message: FUND_MESSAGES.endAfterStart });
    if (v.FirstFamily !== true && v.Captive !== true && v.Broker !== true && v.SpecifyAgents !== true)
      ctx.addIssue({ code: 'custom', path: ['Channel'], message: FUND_MESSAGES.channelRequired });
    if (v.SpecifyAgents === true && (!Array.isArray(v.AgentIds) || v.AgentIds.length === 0))
      ctx.addIssue({ code: 'custom', path: ['AgentIds'], message: FUND_MESSAGES.agentsRequired });
  }, alongsideFieldErrors);
}

/** POST /api/fund. */
export const fundCreateBodySchema = withFundRules(z.object(fundFieldsShape));
/** PUT /api/fund: the fund, its id and the revision the editor read. */
export const fundUpdateBodySchema = withFundRules(
  z.object({
    ...fundFieldsShape,
    FundId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'FundId must be 1 to 64 letters, digits, dashes or underscores.'),
    Revision: z.number().int().min(1).max(1_000_000_000),
  }),
);
export type FundCreateInput = z.input<typeof fundCreateBodySchema>;
export type FundCreateBody = z.output<typeof fundCreateBodySchema>;
export type FundUpdateBody = z.output<typeof fundUpdateBodySchema>;

/**
 * Start date cannot be before today. On an edit a start date that is already past and unchanged is
 * kept (a running fund can still be renamed or repriced); changing it to another past day is refused.
 */
export function startDateProblem(startDay: string, today: string, storedStartDay?: string): string | undefined {
  if (!isCalendarDay(startDay)) return undefined;
  if (startDay >= today || startDay === storedStartDay) return undefined;
  return FUND_MESSAGES.startBeforeToday;
}

/**
 * The form's schema: the body's rules plus the start-date rule for `today` (the browser's resolver).
 * The server parses the body with the body schema, then applies the same `startDateProblem`.
 */
export function fundFormSchema(opts: { today: string; storedStartDay?: string; edit: boolean }) {
  const base = opts.edit ? fundUpdateBodySchema : fundCreateBodySchema;
  return base.superRefine((raw, ctx) => {
    const v = raw as unknown as Record<string, unknown>;
    const start = typeof v.StartDate === 'string' ? v.StartDate.slice(0, 10) : '';
    const problem = startDateProblem(start, opts.today, opts.storedStartDay);
    if (problem) ctx.addIssue({ code: 'custom', path: ['StartDate'], message: problem });
  }, alongsideFieldErrors);
}

/** Midnight (UTC) of a calendar day: how start and end dates are stored ("set to midnight on save"). */
export const midnightOf = (day: string) => `${day}T00:00:00.000Z`;
