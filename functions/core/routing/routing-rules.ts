// Routing rules (spec part 3 §3, §4, §5, §9): the ordered list with its default rule, and the changes
// staff make to it. Every change is written under the revision the editor read (409 when stale); a
// move exchanges two rules' order keys in one transaction, each update conditioned on the key and
// revision read, so two people moving rules at once can never leave two rules on one place.
import { randomUUID } from 'node:crypto';
import { isValidScf, isValidZip } from '#core/address/zip-lookup.ts';
import { getMany } from '#platform/entity.ts';
import { batchGet, transactWrite } from '#platform/db.ts';
import { ConditionFailed } from '#platform/db.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { atRevision, firstRevision, nextRevision, staleEdit } from '#platform/revision.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { Campaign } from '#entities/campaign.ts';
import { nextCounterValue } from '#entities/counter.ts';
import { DEFAULT_RULE_ID, ROUTE_COUNT_SHARDS, RouteCount, RoutingRule } from '#entities/routing-rule.ts';
import { RULE_DEFAULTS, RULE_MESSAGES, ruleZipEntryKind, type RuleCreate, type RuleUpdate } from '#shared/rules.ts';

type Editor = Pick<SessionUser, 'email'>;

/** The default rule as it is first written: it matches every lead no other rule takes. */
export function defaultRuleOf(now: Date, by = 'system'): RoutingRule {
  return {
    ruleId: DEFAULT_RULE_ID,
    name: 'Default Rule',
    description: 'Applies to every lead no other rule matches.',
    active: true,
    ppPercent: RULE_DEFAULTS.ppPercent,
    callCenterPercent: RULE_DEFAULTS.callCenterPercent,
    zipCodes: [],
    states: [],
    linesOfBusiness: [],
    campaignIds: [],
    defaultRule: true,
    priority: 0,
    createdDate: now.toISOString(),
    callCenterCount: 0,
    ppCount: 0,
    ...firstRevision({ email: by }, now),
  };
}

/** Rules in the order the lead engine applies them: by order key, the default rule last. */
export function orderRules(rules: readonly RoutingRule[]): RoutingRule[] {
  return [...rules].sort(
    (a, b) =>
      Number(a.defaultRule) - Number(b.defaultRule) ||
      a.priority - b.priority ||
      a.createdDate.localeCompare(b.createdDate) ||
      a.ruleId.localeCompare(b.ruleId),
  );
}

/** Keys per BatchGetItem. */
const BATCH_KEYS = 100;

/**
 * The rules with their shown counts: the rule's own (seeded, or counted before the projector's
 * routing-counts view) plus its shards' RouteCount sums (one BatchGetItem per 100 shard keys).
 */
export async function withRouteCounts(rules: readonly RoutingRule[]): Promise<RoutingRule[]> {
  const keys = rules.flatMap((r) => Array.from({ length: ROUTE_COUNT_SHARDS }, (_, shard) => RouteCount.key({ ruleId: r.ruleId, shard })));
  const chunks: (typeof keys)[] = [];
  for (let i = 0; i < keys.length; i += BATCH_KEYS) chunks.push(keys.slice(i, i + BATCH_KEYS));
  const counted = new Map<string, { callCenter: number; post: number }>();
  for (const raw of (await Promise.all(chunks.map((chunk) => batchGet(chunk, { consistent: true })))).flat()) {
    const c = RouteCount.parse(raw);
    const sum = counted.get(c.ruleId) ?? { callCenter: 0, post: 0 };
    sum.callCenter += c.callCenter;
    sum.post += c.post;
    counted.set(c.ruleId, sum);
  }
  return rules.map((r) => {
    const sum = counted.get(r.ruleId);
    return sum ? { ...r, callCenterCount: r.callCenterCount + sum.callCenter, ppCount: r.ppCount + sum.post } : r;
  });
}

/** Every rule in order (#74), with its shown counts. The default rule always exists: a table without one gets it here. */
export async function listRules(): Promise<RoutingRule[]> {
  const rules = await RoutingRule.query.all().all({ consistent: true });
  if (rules.some((r) => r.defaultRule)) return withRouteCounts(orderRules(rules));
  try {
    await RoutingRule.create(defaultRuleOf(new Date()));
  } catch (error) {
    // Another request wrote it first: the same rule either way.
    if (!(error instanceof ConditionFailed)) throw error;
  }
  return withRouteCounts(orderRules(await RoutingRule.query.all().all({ consistent: true })));
}

/** The server's own checks of what the schema cannot know: zips and SCFs exist, campaigns exist. */
async function checkReferences(input: Pick<RuleCreate, 'ZipCodes' | 'Campaigns'>): Promise<void> {
  const messages = new Set<string>();
  const zipChecks = await Promise.all(input.ZipCodes.map((z) => (ruleZipEntryKind(z) === 'scf' ? isValidScf(z) : isValidZip(z))));
  if (zipChecks.some((ok) => !ok)) messages.add(RULE_MESSAGES.invalidZip);
  if (input.Campaigns.length > 0) {
    const found = await getMany(Object.fromEntries(input.Campaigns.map((id) => [id, Campaign.ref({ campaignId: id })])));
    if (Object.values(found).some((c) => c === undefined)) messages.add(RULE_MESSAGES.unknownCampaign);
  }
  if (messages.size > 0) throw new ValidationFailed([...messages]);
}

const editable = (input: RuleCreate) => ({
  name: input.Name,
  description: input.Description,
  active: input.Active,
  callCenterPercent: input.CallCenterPercent,
  ppPercent: input.PPPercent,
  zipCodes: input.ZipCodes,
  states: input.States,
  linesOfBusiness: input.LinesOfBusiness,
  campaignIds: input.Campaigns,
});

/** POST rules: a new rule, placed last before the default rule. */
export async function createRule(input: RuleCreate, user: Editor, now = new Date()): Promise<RoutingRule> {
  await checkReferences(input);
  const existing = await listRules();
  // The counter hands out each place once, so two rules added at the same moment get different ones;
  // a missing counter starts above every rule already stored.
  const priority = await nextCounterValue('RULE_PRIORITY', Math.max(0, ...existing.filter((r) => !r.defaultRule).map((r) => r.priority)));
  const rule: RoutingRule = {
    ruleId: randomUUID(),
    ...editable(input),
    defaultRule: false,
    priority,
    createdDate: now.toISOString(),
    callCenterCount: 0,
    ppCount: 0,
    ...firstRevision(user, now),
  };
  await RoutingRule.create(rule);
  return rule;
}

async function readRule(ruleId: string): Promise<RoutingRule> {
  const rule = await RoutingRule.get({ ruleId }, { consistent: true });
  if (!rule) throw new NotFound(RULE_MESSAGES.ruleNotFound);
  return rule;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

/** PUT rules: the rule as edited. Of the default rule only the two targets may change. */
export async function updateRule(input: RuleUpdate, user: Editor, now = new Date()): Promise<RoutingRule> {
  const current = await readRule(input.RuleId);
  if (current.revision !== input.Revision) throw staleEdit();
  const changes = editable(input);
  if (current.defaultRule) {
    const others =
      changes.name !== current.name ||
      changes.description !== current.description ||
      changes.active !== current.active ||
      !sameList(changes.zipCodes, current.zipCodes) ||
      !sameList(changes.states, current.states) ||
      !sameList(changes.linesOfBusiness, current.linesOfBusiness) ||
      !sameList(changes.campaignIds, current.campaignIds);
    if (others) throw new ValidationFailed(RULE_MESSAGES.defaultOnlyPercentages);
  } else {
    await checkReferences(input);
  }
  const set = current.defaultRule ? { callCenterPercent: changes.callCenterPercent, ppPercent: changes.ppPercent } : changes;
  const audit = nextRevision(user, input.Revision, now);
  await RoutingRule.patch({ ruleId: current.ruleId }, { set: { ...set, ...audit } }, atRevision(input.Revision));
  return { ...current, ...set, ...audit };
}

/** PUT rules/swap: two rules exchange places (#76), in one transaction; the list in its new order. */
export async function swapRules(
  swap: { First: { RuleId: string; Revision: number }; Second: { RuleId: string; Revision: number } },
  user: Editor,
  now = new Date(),
): Promise<RoutingRule[]> {
  const { first, second } = await getMany(
    { first: RoutingRule.ref({ ruleId: swap.First.RuleId }), second: RoutingRule.ref({ ruleId: swap.Second.RuleId }) },
    { consistent: true },
  );
  if (!first || !second) throw new NotFound(RULE_MESSAGES.ruleNotFound);
  if (first.defaultRule || second.defaultRule) throw new ValidationFailed(RULE_MESSAGES.defaultNotMovable);
  if (first.revision !== swap.First.Revision || second.revision !== swap.Second.Revision) throw staleEdit();
  const move = (rule: RoutingRule, to: number) =>
    RoutingRule.patchTx(
      { ruleId: rule.ruleId },
      { set: { priority: to, ...nextRevision(user, rule.revision, now) } },
      {
        // Exactly the rule that was read: same revision, same place, still not the default rule.
        condition: {
          expression: '#rev = :rev AND #priority = :priority AND #default = :false',
          names: { '#rev': 'revision', '#priority': 'priority', '#default': 'defaultRule' },
          values: { ':rev': rule.revision, ':priority': rule.priority, ':false': false },
        },
        orFail: staleEdit,
      },
    );
  await transactWrite([move(first, second.priority), move(second, first.priority)]);
  return listRules();
}

/** DELETE rules/{ruleId} (#75); the default rule is refused, by the read and by the write's condition. */
export async function deleteRule(ruleId: string): Promise<void> {
  const rule = await readRule(ruleId);
  if (rule.defaultRule) throw new ValidationFailed(RULE_MESSAGES.defaultNotDeletable);
  await RoutingRule.delete(
    { ruleId },
    {
      condition: { expression: 'attribute_exists(pk) AND #default = :false', names: { '#default': 'defaultRule' }, values: { ':false': false } },
      orFail: () => new NotFound(RULE_MESSAGES.ruleNotFound),
    },
  );
}
