// Which changes raise the catalogue's version (every engine then reads the catalogue again): a catalogue
// item made, removed or changed in what the engine decides with; never a routing rule's sequence block,
// which the route stage takes every 20 leads.
import { describe, expect, it } from 'vitest';
import type { ChangeRecord } from '#platform/stream.ts';
import { changesCatalogue } from './catalogue-view.ts';

const rule = { pk: 'RULES', sk: 'RULE#r1', entity: 'RoutingRule', ruleId: 'r1', callCenterPercent: 20, routeSeq: 40 };
const modify = (oldImage: Record<string, unknown>, newImage: Record<string, unknown>): ChangeRecord => ({ eventId: 'e', eventName: 'MODIFY', sequenceNumber: '1', keys: { pk: 'RULES', sk: 'RULE#r1' }, oldImage, newImage });

describe('changesCatalogue', () => {
  it("does not count a routing rule's sequence block, or a write's correlation id", () => {
    expect(changesCatalogue(modify(rule, { ...rule, routeSeq: 60 }))).toBe(false);
    expect(changesCatalogue(modify(rule, { ...rule, routeSeq: 60, correlationId: 'c1' }))).toBe(false);
  });

  it('counts a change of what the engine decides with, and a catalogue item made or removed', () => {
    expect(changesCatalogue(modify(rule, { ...rule, callCenterPercent: 30 }))).toBe(true);
    expect(changesCatalogue(modify(rule, { ...rule, routeSeq: 60, callCenterPercent: 30 }))).toBe(true);
    expect(changesCatalogue({ eventId: 'e', eventName: 'INSERT', sequenceNumber: '1', keys: { pk: 'RULES', sk: 'RULE#r1' }, newImage: rule })).toBe(true);
    expect(changesCatalogue({ eventId: 'e', eventName: 'REMOVE', sequenceNumber: '1', keys: { pk: 'RULES', sk: 'RULE#r1' }, oldImage: rule })).toBe(true);
  });

  it('ignores what is not catalogue', () => {
    expect(changesCatalogue(modify({ ...rule, entity: 'Lead' }, { ...rule, entity: 'Lead', callCenterPercent: 30 }))).toBe(false);
  });
});
