// The rule dialog's values and the pure rules around them (spec part 3 §3, §4, §5, §9): lists as
// arrays in the form and pipe-joined on the wire, a new rule's defaults, which neighbour a move swaps
// with, and the zips a city or county adds.
import type { RuleDto } from '#shared/api/rules.ts';
import { joinPipe, MAX_RULE_ZIPS, RULE_DEFAULTS, splitPipe, type RuleCreateIn } from '#shared/rules.ts';

export interface RuleFormValues {
  Name: string;
  Description: string;
  Active: boolean;
  /** A NumberInput's value: '' while empty. */
  CallCenterPercent: number | string;
  PPPercent: number | string;
  ZipCodes: string[];
  States: string[];
  LinesOfBusiness: string[];
  /** Campaign ids. */
  Campaigns: string[];
}

/** Add Rule starts from the spec's targets (Call Center 50, POST 50) and an active rule. */
export const newRuleValues = (): RuleFormValues => ({
  Name: '',
  Description: '',
  Active: true,
  CallCenterPercent: RULE_DEFAULTS.callCenterPercent,
  PPPercent: RULE_DEFAULTS.ppPercent,
  ZipCodes: [],
  States: [],
  LinesOfBusiness: [],
  Campaigns: [],
});

export const ruleValues = (rule: RuleDto): RuleFormValues => ({
  Name: rule.Name,
  Description: rule.Description,
  Active: rule.Active,
  CallCenterPercent: rule.CallCenterPercent,
  PPPercent: rule.PPPercent,
  ZipCodes: splitPipe(rule.ZipCodes),
  States: splitPipe(rule.States),
  LinesOfBusiness: splitPipe(rule.LinesOfBusiness),
  Campaigns: splitPipe(rule.Campaigns),
});

/** An empty target is sent as nothing, so the schema says what a target must be. */
const target = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value));

/** The body of POST/PUT rules: the shared schema parses exactly this, in the browser and on the server. */
export const toWire = (values: RuleFormValues): RuleCreateIn => ({
  Name: values.Name,
  Description: values.Description,
  Active: values.Active,
  CallCenterPercent: target(values.CallCenterPercent) as number,
  PPPercent: target(values.PPPercent) as number,
  ZipCodes: joinPipe(values.ZipCodes),
  States: joinPipe(values.States),
  LinesOfBusiness: joinPipe(values.LinesOfBusiness),
  Campaigns: joinPipe(values.Campaigns),
});

/** Zips added to a rule's list: each once, in the order first added, never past the limit. */
export function addZips(list: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...list, ...added])].slice(0, MAX_RULE_ZIPS);
}

/**
 * The rule a move swaps with: the neighbour above or below, never the default rule (which stays
 * last) and nothing past either end. undefined when the rule cannot move that way.
 */
export function swapPartner(rules: readonly RuleDto[], ruleId: string, direction: -1 | 1): RuleDto | undefined {
  const index = rules.findIndex((r) => r.RuleId === ruleId);
  if (index < 0 || rules[index]!.DefaultRule) return undefined;
  const other = rules[index + direction];
  return other && !other.DefaultRule ? other : undefined;
}
