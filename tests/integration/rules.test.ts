// Routing rules through the real gateway and handlers (spec part 3 §3–§9): the ordered list with the
// default rule last, create/update/delete with the spec's messages and the server's zip, SCF, state
// and campaign checks, the swap in one transaction (and its race), the default rule's guards, stale
// edits (409) and the permission refusals (403).
import { describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '#shared/api/revision.ts';
import type { RuleDto } from '#shared/api/rules.ts';
import { RULE_MESSAGES, type RuleCreateIn } from '#shared/rules.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness();
const { stableId } = await import('../../functions/core/seed/ids.ts');
const { RoutingRule } = await import('#entities/routing-rule.ts');

const admin = () => api.sessionFor('admin');
const campaign = (code: string) => stableId('campaign', code);

const newRule = (over: Partial<RuleCreateIn> = {}): RuleCreateIn => ({
  Name: 'Ohio Health',
  Description: 'Health leads from Ohio.',
  Active: true,
  CallCenterPercent: 50,
  PPPercent: 50,
  ZipCodes: '43215|432',
  States: 'OH',
  LinesOfBusiness: 'Health|Life',
  Campaigns: campaign('HWL'),
  ...over,
});

async function list(): Promise<RuleDto[]> {
  const answer = await api.call('rules.list', { session: await admin() });
  expect(answer.status).toBe(200);
  return answer.body;
}

const forUpdate = (r: RuleDto) => ({
  RuleId: r.RuleId,
  Revision: r.Revision,
  Name: r.Name,
  Description: r.Description,
  Active: r.Active,
  CallCenterPercent: r.CallCenterPercent,
  PPPercent: r.PPPercent,
  ZipCodes: r.ZipCodes,
  States: r.States,
  LinesOfBusiness: r.LinesOfBusiness,
  Campaigns: r.Campaigns,
});

describe('GET rules', () => {
  it('lists the seeded rules in order with places 1..n and the default rule last', async () => {
    const rules = await list();
    expect(rules.length).toBeGreaterThanOrEqual(6);
    expect(rules.map((r) => r.Priority)).toEqual(rules.map((_, i) => i + 1));
    expect(rules.at(-1)).toMatchObject({ DefaultRule: true, Name: 'Default Rule', CallCenterPercent: 50, PPPercent: 50 });
    expect(rules.filter((r) => r.DefaultRule)).toHaveLength(1);
    const texas = rules.find((r) => r.Name === 'Texas Medicare to Call Center')!;
    expect(texas).toMatchObject({ States: 'TX', LinesOfBusiness: 'Medicare', Campaigns: `${campaign('MIB')}|${campaign('MLT')}`, Revision: 2 });
  });

  it('lets support (view only) read the rules but not change them', async () => {
    const support = await api.sessionFor('support');
    expect((await api.call('rules.list', { session: support })).status).toBe(200);
    expect((await api.call('rules.create', { session: support, body: newRule() })).status).toBe(403);
    const [first] = await list();
    expect((await api.call('rules.update', { session: support, body: forUpdate(first!) })).status).toBe(403);
    expect((await api.call('rules.delete', { session: support, params: { ruleId: first!.RuleId } })).status).toBe(403);
    const manager = await api.sessionFor('manager');
    expect((await api.call('rules.list', { session: manager })).status).toBe(403);
    expect((await api.call('rules.swap', { session: manager, body: { First: { RuleId: 'a', Revision: 1 }, Second: { RuleId: 'b', Revision: 1 } } })).status).toBe(403);
  });
});

describe('POST rules', () => {
  it('adds a rule last before the default rule, lists stored as lists and pipe-joined on the wire, with who and when', async () => {
    const before = await list();
    const answer = await api.call('rules.create', { session: await admin(), body: newRule({ ZipCodes: '43215|432|43215', States: 'OH|KY' }) });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ Name: 'Ohio Health', ZipCodes: '43215|432', States: 'OH|KY', DefaultRule: false, Revision: 1, ModifiedBy: 'admin@leadportal.example.com', Priority: before.length });
    const stored = await RoutingRule.get({ ruleId: answer.body.RuleId });
    expect(stored).toMatchObject({ zipCodes: ['43215', '432'], states: ['OH', 'KY'], linesOfBusiness: ['Health', 'Life'], campaignIds: [campaign('HWL')] });
    const after = await list();
    expect(after.at(-2)!.RuleId).toBe(answer.body.RuleId);
    expect(after.at(-1)!.DefaultRule).toBe(true);
  });

  it("refuses targets that do not add to 100 and an empty name with the spec's words", async () => {
    const answer = await api.call('rules.create', { session: await admin(), body: newRule({ Name: '  ', CallCenterPercent: 60, PPPercent: 30 }) });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual([RULE_MESSAGES.nameRequired, RULE_MESSAGES.percentTotal]);
  });

  it('refuses an unknown zip, SCF, state, line of business or campaign, and writes nothing', async () => {
    const count = (await list()).length;
    const s = await admin();
    expect((await api.call('rules.create', { session: s, body: newRule({ ZipCodes: '00000' }) })).errors).toEqual(['Invalid Zip Code']);
    expect((await api.call('rules.create', { session: s, body: newRule({ ZipCodes: '000' }) })).errors).toEqual(['Invalid Zip Code']);
    expect((await api.call('rules.create', { session: s, body: newRule({ ZipCodes: '4321' }) })).errors).toEqual(['Invalid Zip Code']);
    expect((await api.call('rules.create', { session: s, body: newRule({ States: 'ZZ' }) })).errors).toEqual([RULE_MESSAGES.unknownState]);
    expect((await api.call('rules.create', { session: s, body: newRule({ LinesOfBusiness: 'Dental' }) })).errors).toEqual([RULE_MESSAGES.unknownLineOfBusiness]);
    expect((await api.call('rules.create', { session: s, body: newRule({ Campaigns: 'no-such-campaign' }) })).errors).toEqual([RULE_MESSAGES.unknownCampaign]);
    expect((await list()).length).toBe(count);
  });

  it('gives rules added at the same moment different places', async () => {
    const s = await admin();
    const answers = await Promise.all([1, 2, 3].map((n) => api.call('rules.create', { session: s, body: newRule({ Name: `Parallel ${n}` }) })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const stored = await RoutingRule.query.all().all({ consistent: true });
    const priorities = stored.filter((r) => !r.defaultRule).map((r) => r.priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });
});

describe('PUT rules', () => {
  it('saves an edit, bumps the revision, and refuses a stale one with 409', async () => {
    const s = await admin();
    const rule = (await list()).find((r) => r.Name === 'Florida and Georgia Health')!;
    const saved = await api.call('rules.update', { session: s, body: { ...forUpdate(rule), CallCenterPercent: 70, PPPercent: 30, States: 'FL|GA|AL' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ CallCenterPercent: 70, PPPercent: 30, States: 'FL|GA|AL', Revision: rule.Revision + 1, ModifiedBy: 'admin@leadportal.example.com' });
    expect(saved.body.LastModifiedDate > rule.LastModifiedDate).toBe(true);

    const stale = await api.call('rules.update', { session: s, body: { ...forUpdate(rule), Name: 'Overwritten' } });
    expect(stale.status).toBe(409);
    expect(stale.errors).toEqual([STALE_EDIT_MESSAGE]);
    expect((await RoutingRule.get({ ruleId: rule.RuleId }))!.name).toBe('Florida and Georgia Health');
  });

  it('lets only the targets of the default rule change', async () => {
    const s = await admin();
    const fallback = (await list()).at(-1)!;
    const renamed = await api.call('rules.update', { session: s, body: { ...forUpdate(fallback), Name: 'Catch all' } });
    expect(renamed.status).toBe(400);
    expect(renamed.errors).toEqual([RULE_MESSAGES.defaultOnlyPercentages]);
    const zips = await api.call('rules.update', { session: s, body: { ...forUpdate(fallback), ZipCodes: '78701' } });
    expect(zips.errors).toEqual([RULE_MESSAGES.defaultOnlyPercentages]);
    const targets = await api.call('rules.update', { session: s, body: { ...forUpdate(fallback), CallCenterPercent: 40, PPPercent: 60 } });
    expect(targets.status).toBe(200);
    expect(targets.body).toMatchObject({ DefaultRule: true, CallCenterPercent: 40, PPPercent: 60, Name: 'Default Rule' });
    expect((await list()).at(-1)!.RuleId).toBe(fallback.RuleId);
  });

  it('answers 404 for a rule that does not exist', async () => {
    const body = { ...forUpdate((await list())[0]!), RuleId: 'no-such-rule' };
    expect((await api.call('rules.update', { session: await admin(), body })).status).toBe(404);
  });
});

describe('PUT rules/swap', () => {
  it('exchanges two rules in one transaction and bumps both revisions', async () => {
    const [a, b] = await list();
    const answer = await api.call('rules.swap', { session: await admin(), body: { First: { RuleId: a!.RuleId, Revision: a!.Revision }, Second: { RuleId: b!.RuleId, Revision: b!.Revision } } });
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toMatchObject({ RuleId: b!.RuleId, Priority: 1, Revision: b!.Revision + 1 });
    expect(answer.body[1]).toMatchObject({ RuleId: a!.RuleId, Priority: 2, Revision: a!.Revision + 1 });
    expect(answer.body.at(-1)!.DefaultRule).toBe(true);
  });

  it('refuses to move the default rule', async () => {
    const rules = await list();
    const [fallback, last] = [rules.at(-1)!, rules.at(-2)!];
    const answer = await api.call('rules.swap', { session: await admin(), body: { First: { RuleId: last.RuleId, Revision: last.Revision }, Second: { RuleId: fallback.RuleId, Revision: fallback.Revision } } });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual([RULE_MESSAGES.defaultNotMovable]);
    expect((await list()).map((r) => r.RuleId)).toEqual(rules.map((r) => r.RuleId));
  });

  it('refuses a swap based on a stale read with 409 and changes nothing', async () => {
    const [a, b] = await list();
    const answer = await api.call('rules.swap', { session: await admin(), body: { First: { RuleId: a!.RuleId, Revision: a!.Revision - 1 }, Second: { RuleId: b!.RuleId, Revision: b!.Revision } } });
    expect(answer.status).toBe(409);
    expect((await list()).slice(0, 2).map((r) => r.RuleId)).toEqual([a!.RuleId, b!.RuleId]);
  });

  it('lets exactly one of two racing moves of the same rule win, and the order stays a permutation', async () => {
    const rules = await list();
    const [a, b, c] = rules;
    const s = await admin();
    const side = (r: RuleDto) => ({ RuleId: r.RuleId, Revision: r.Revision });
    const race = await Promise.all([
      api.call('rules.swap', { session: s, body: { First: side(a!), Second: side(b!) } }),
      api.call('rules.swap', { session: s, body: { First: side(b!), Second: side(c!) } }),
      api.call('rules.swap', { session: s, body: { First: side(a!), Second: side(c!) } }),
    ]);
    const statuses = race.map((r) => r.status).sort();
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    expect(statuses.filter((st) => st === 409)).toHaveLength(2);
    const stored = await RoutingRule.query.all().all({ consistent: true });
    const priorities = stored.filter((r) => !r.defaultRule).map((r) => r.priority);
    expect(new Set(priorities).size).toBe(priorities.length);
    const after = await list();
    expect(new Set(after.map((r) => r.RuleId))).toEqual(new Set(rules.map((r) => r.RuleId)));
  });
});

describe('DELETE rules/{ruleId}', () => {
  it('deletes a rule and refuses the default rule', async () => {
    const s = await admin();
    const created = (await api.call('rules.create', { session: s, body: newRule({ Name: 'Short lived' }) })).body;
    expect((await api.call('rules.delete', { session: s, params: { ruleId: created.RuleId } })).status).toBe(204);
    expect((await list()).some((r) => r.RuleId === created.RuleId)).toBe(false);
    expect((await api.call('rules.delete', { session: s, params: { ruleId: created.RuleId } })).status).toBe(404);

    const fallback = (await list()).at(-1)!;
    const refused = await api.call('rules.delete', { session: s, params: { ruleId: fallback.RuleId } });
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual([RULE_MESSAGES.defaultNotDeletable]);
    expect((await list()).at(-1)!.RuleId).toBe(fallback.RuleId);
  });

  it('puts the default rule back when the table has none', async () => {
    const fallback = (await list()).at(-1)!;
    await RoutingRule.delete({ ruleId: fallback.RuleId });
    const rules = await list();
    expect(rules.at(-1)).toMatchObject({ DefaultRule: true, RuleId: 'default', CallCenterPercent: 50, PPPercent: 50 });
  });
});
