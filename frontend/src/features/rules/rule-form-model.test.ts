import { describe, expect, it } from 'vitest';
import type { RuleDto } from '#shared/api/rules.ts';
import { ruleCreateSchema } from '#shared/rules.ts';
import { addZips, newRuleValues, ruleValues, swapPartner, toWire } from './rule-form-model.ts';

const rule = (RuleId: string, over: Partial<RuleDto> = {}): RuleDto => ({
  RuleId,
  Name: RuleId,
  Description: '',
  Active: true,
  PPPercent: 50,
  CallCenterPercent: 50,
  ZipCodes: '',
  States: '',
  LinesOfBusiness: '',
  Campaigns: '',
  DefaultRule: false,
  Priority: 1,
  CreatedDate: '2026-01-01T00:00:00.000Z',
  LastModifiedDate: '2026-01-01T00:00:00.000Z',
  CallCenterCount: 0,
  PPCount: 0,
  ModifiedBy: 'admin@leadportal.example.com',
  LastUpdated: '2026-01-01T00:00:00.000Z',
  Revision: 1,
  ...over,
});

describe('the rule form model', () => {
  it('a new rule starts at Call Center 50 and POST 50, active, with empty lists', () => {
    expect(newRuleValues()).toMatchObject({ CallCenterPercent: 50, PPPercent: 50, Active: true, ZipCodes: [], Campaigns: [] });
  });

  it('lists are pipe-joined on the wire and split back when a rule is edited', () => {
    const values = ruleValues(rule('r1', { ZipCodes: '78701|787', States: 'TX|OK', LinesOfBusiness: 'Health|Life', Campaigns: 'c1|c2' }));
    expect(values).toMatchObject({ ZipCodes: ['78701', '787'], States: ['TX', 'OK'], LinesOfBusiness: ['Health', 'Life'], Campaigns: ['c1', 'c2'] });
    expect(toWire(values)).toMatchObject({ ZipCodes: '78701|787', States: 'TX|OK', LinesOfBusiness: 'Health|Life', Campaigns: 'c1|c2' });
  });

  it('an emptied target is sent as missing, so the schema refuses it with the targets message', () => {
    const wire = toWire({ ...newRuleValues(), Name: 'X', CallCenterPercent: '' });
    expect(wire.CallCenterPercent).toBeUndefined();
    expect(ruleCreateSchema.safeParse(wire).error?.issues.map((i) => i.message)).toEqual(['Targets must be whole percentages from 0 to 100.']);
  });

  it('adds each zip once, keeping the first order', () => {
    expect(addZips(['78701', '787'], ['78702', '78701', '78703'])).toEqual(['78701', '787', '78702', '78703']);
  });

  it('a rule swaps with its neighbour, never with the default rule, and the default rule never moves', () => {
    const rules = [rule('a'), rule('b'), rule('c'), rule('default', { DefaultRule: true })];
    expect(swapPartner(rules, 'b', -1)?.RuleId).toBe('a');
    expect(swapPartner(rules, 'b', 1)?.RuleId).toBe('c');
    expect(swapPartner(rules, 'a', -1)).toBeUndefined();
    expect(swapPartner(rules, 'c', 1)).toBeUndefined();
    expect(swapPartner(rules, 'default', -1)).toBeUndefined();
    expect(swapPartner(rules, 'missing', 1)).toBeUndefined();
  });
});
