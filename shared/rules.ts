// Routing rules (spec part 3 §3, §4, §5, §9): the spec's messages, defaults and limits, the pipe-joined
// list format of the wire, and the rule form's schema, which the browser's dialog and the server's
// POST/PUT rules parse with, so both show the same words.
import { z } from 'zod';
import { US_STATES } from './lookups.ts';
import { revisionSchema } from './api/revision.ts';
import { SCF_LENGTH, ZIP_LENGTH } from './zip.ts';

export const RULE_MESSAGES = {
  percentTotal: 'Call Center Target and Post Target must add to 100%.',
  nameRequired: 'Rule Name is required.',
  // The spec gives no texts for these; they say what the caller must fix.
  percentRange: 'Targets must be whole percentages from 0 to 100.',
  nameTooLong: 'Rule Name can be at most 100 characters.',
  descriptionTooLong: 'Description can be at most 500 characters.',
  invalidZip: 'Invalid Zip Code',
  unknownState: 'Unknown state.',
  unknownLineOfBusiness: 'Line of business must be Health, Medicare, Life or Employer.',
  unknownCampaign: 'Campaign not found.',
  tooManyZips: 'A rule can hold at most 5000 zip codes.',
  defaultNotDeletable: 'The default rule cannot be deleted.',
  defaultNotMovable: 'The default rule cannot be moved.',
  defaultOnlyPercentages: 'Only the targets of the default rule can be changed.',
  swapSameRule: 'Choose two different rules to swap.',
  ruleNotFound: 'Rule not found.',
} as const;

/** Part 3 §9: a new rule's targets. */
export const RULE_DEFAULTS = { callCenterPercent: 50, ppPercent: 50 } as const;
/** Part 3 §9: the lines of business a rule can name. */
export const RULE_LINES_OF_BUSINESS = ['Health', 'Medicare', 'Life', 'Employer'] as const;
export type RuleLineOfBusiness = (typeof RULE_LINES_OF_BUSINESS)[number];
/** Part 3 §5: city or county search starts at three characters. */
export const PLACE_SEARCH_MIN_LENGTH = 3;
export const MAX_RULE_ZIPS = 5000;
export const MAX_RULE_LIST = 500;
export const PIPE = '|';

const STATE_CODES = new Set(US_STATES.map((s) => s.StateAbbreviation));

/** Part 3 §3: list fields travel as one string joined with a pipe. */
export const joinPipe = (items: readonly string[]) => items.join(PIPE);
export const splitPipe = (text: string) => [...new Set(text.split(PIPE).map((s) => s.trim()).filter(Boolean))];

/** What the zip box accepts as an entry: 3 digits is an SCF, 5 a zip; 1–2 or 4 digits cannot be added. */
export function ruleZipEntryKind(text: string): 'scf' | 'zip' | undefined {
  if (new RegExp(`^\\d{${SCF_LENGTH}}$`).test(text)) return 'scf';
  if (new RegExp(`^\\d{${ZIP_LENGTH}}$`).test(text)) return 'zip';
  return undefined;
}

const pipeList = (max: number, maxMessage: string, item: (value: string) => boolean, itemMessage: string) =>
  z
    .string()
    .max(max * 64, maxMessage)
    .transform(splitPipe)
    .refine((items) => items.length <= max, maxMessage)
    .refine((items) => items.every(item), itemMessage);

const percent = z.number({ error: RULE_MESSAGES.percentRange }).int(RULE_MESSAGES.percentRange).min(0, RULE_MESSAGES.percentRange).max(100, RULE_MESSAGES.percentRange);

/** The fields a person edits in the rule dialog, as the wire carries them (lists pipe-joined). */
const ruleFields = {
  Name: z.string().trim().min(1, RULE_MESSAGES.nameRequired).max(100, RULE_MESSAGES.nameTooLong),
  Description: z.string().trim().max(500, RULE_MESSAGES.descriptionTooLong),
  Active: z.boolean(),
  CallCenterPercent: percent,
  PPPercent: percent,
  ZipCodes: pipeList(MAX_RULE_ZIPS, RULE_MESSAGES.tooManyZips, (z) => ruleZipEntryKind(z) !== undefined, RULE_MESSAGES.invalidZip),
  States: pipeList(MAX_RULE_LIST, RULE_MESSAGES.unknownState, (s) => STATE_CODES.has(s), RULE_MESSAGES.unknownState),
  LinesOfBusiness: pipeList(
    RULE_LINES_OF_BUSINESS.length,
    RULE_MESSAGES.unknownLineOfBusiness,
    (l) => (RULE_LINES_OF_BUSINESS as readonly string[]).includes(l),
    RULE_MESSAGES.unknownLineOfBusiness,
  ),
  Campaigns: pipeList(MAX_RULE_LIST, RULE_MESSAGES.unknownCampaign, (id) => /^[A-Za-z0-9_-]{1,64}$/.test(id), RULE_MESSAGES.unknownCampaign),
};

type Targets = { CallCenterPercent?: unknown; PPPercent?: unknown };
const addsTo100 = (v: Targets) => (v.CallCenterPercent as number) + (v.PPPercent as number) === 100;
/**
 * The total is checked only once both targets are whole numbers, so each field shows one message (the
 * check runs even while the body is not an object: null, a list, or a missing nested rule).
 */
const bothTargetsParsed = (p: { value: unknown }) => {
  const v = p.value as Targets | null;
  return typeof v === 'object' && v !== null && percent.safeParse(v.CallCenterPercent).success && percent.safeParse(v.PPPercent).success;
};
const totalCheck = { message: RULE_MESSAGES.percentTotal, path: ['CallCenterPercent'], when: bothTargetsParsed };

/** POST rules: a new rule (never the default; the server gives it the last place before the default rule). */
export const ruleCreateSchema = z.object(ruleFields).refine(addsTo100, totalCheck);
export type RuleCreateIn = z.input<typeof ruleCreateSchema>;
export type RuleCreate = z.output<typeof ruleCreateSchema>;

/** PUT rules: the whole rule as read, with the Revision read (a stale one is refused with 409). */
export const ruleUpdateSchema = z
  .object({ ...ruleFields, RuleId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, RULE_MESSAGES.ruleNotFound), Revision: revisionSchema })
  .refine(addsTo100, totalCheck);
export type RuleUpdateIn = z.input<typeof ruleUpdateSchema>;
export type RuleUpdate = z.output<typeof ruleUpdateSchema>;

/** PUT rules/swap: the two rules whose places change, each with the Revision read. */
const swapSide = z.object({ RuleId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, RULE_MESSAGES.ruleNotFound), Revision: revisionSchema });
export const ruleSwapSchema = z
  .object({ First: swapSide, Second: swapSide })
  .refine((s) => s.First.RuleId !== s.Second.RuleId, { message: RULE_MESSAGES.swapSameRule });
export type RuleSwapIn = z.input<typeof ruleSwapSchema>;
