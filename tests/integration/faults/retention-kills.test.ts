// The retention pass killed mid-run: it runs in a child process that SIGKILLs itself before its first
// DynamoDB call or after each write; then it runs again (the next day's run, here at the same instant)
// and the expired lead is anonymised and marked exactly once: a further run finds nothing to do.
process.env.FAULT_INJECTION = 'on';
import { expect, it } from 'vitest';
import type { FaultPlan } from '#platform/faults.ts';
import { useApiHarness } from '../../support/api-harness.ts';
import { jobAttempt, recordPath, runFaultMatrix, saveRows, type Attempt, type FaultPath } from '../../support/fault-matrix.ts';
import { useLeadFixture } from '../../support/lead-fixture.ts';
import { runInChild } from './run-in-child.ts';

const api = useApiHarness();
const fx = useLeadFixture(api, { idPrefix: 'Y', codeLetter: 'Y', names: { campaign: 'Retention faults' }, validation: { minAge: 0 }, firstPhone: 3124560000 });

const { Lead } = await import('#entities/lead.ts');
const { LeadAnonymised } = await import('#entities/lead-anonymised.ts');
const { retentionCutoff, runRetention } = await import('#core/leads/retention.ts');

interface RetentionCase {
  leadId: string;
  now: Date;
}

// Each case a run of its own, 100 days after the one before: its 62-day window holds only its lead.
let cases = 0;
const BASE = Date.parse('2031-03-01T15:00:00Z');

const retentionKilled: FaultPath<RetentionCase> = {
  name: 'retention pass (killed)',
  remote: true,
  faults: ['kill-before', 'kill-after'],
  arrange: async () => {
    const now = new Date(BASE + cases++ * 100 * 86_400_000);
    const old = new Date(retentionCutoff(now, 36).getTime() - 5 * 86_400_000);
    const outcome = await fx.intake({
      at: old,
      lead: { firstName: 'Old', lastName: 'Person', email: `old-${cases}@example.com`, birthDate: '1950-01-01', stateCode: 'UT', zipCode: '84101' },
      consent: { text: 'I agree.', at: old.toISOString(), ip: '203.0.113.9', pageUrl: 'https://example.com/q' },
    });
    if (outcome.status !== 'accepted') throw new Error(`The lead was not taken: ${JSON.stringify(outcome)}`);
    return { leadId: outcome.leadId, now };
  },
  act: ({ now }, plan?: FaultPlan): Promise<Attempt> => {
    if (!plan) return jobAttempt(() => runRetention({ now, months: 36 }));
    return runInChild('retention', plan, { now: now.toISOString() });
  },
  retry: ({ now }) => jobAttempt(() => runRetention({ now, months: 36 })),
  facts: async ({ leadId, now }) => {
    const problems: string[] = [];
    const lead = await Lead.get({ leadId }, { consistent: true });
    if (!lead || lead.primaryPhone !== '' || lead.firstName !== '' || lead.email !== undefined) problems.push(`lead ${leadId} still names the person (${lead?.firstName}, ${lead?.primaryPhone ? 'a phone' : 'no phone'})`);
    if (!(await LeadAnonymised.get({ leadId }, { consistent: true }))) problems.push(`lead ${leadId} has no anonymised mark`);
    const again = await runRetention({ now, months: 36 });
    if (again.leads !== 0) problems.push(`a further run anonymised ${again.leads} lead(s) again`);
    return problems;
  },
};

it('retention pass: killed before its first call or after each write, then run again, anonymises the lead exactly once', async () => {
  const steps = await recordPath(retentionKilled);
  expect(steps.length).toBeGreaterThan(0);
  const rows = await runFaultMatrix(retentionKilled, steps);
  await saveRows('retention pass (killed)', rows);
  expect(rows.filter((r) => r.problems.length).map((r) => `${r.step} ${r.fault}: ${r.first} → ${r.retry}: ${r.problems.join('; ')}`)).toEqual([]);
  expect(rows.filter((r) => r.reached).length).toBeGreaterThan(0);
}, 300_000);
