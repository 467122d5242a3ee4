// The balance alerts job (low-balance e-mail and auto-recharge): started every minute by its own rule,
// with the card provider's secret and confined to the keys it reads and writes.
import { beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '#shared/manifest.ts';
import { JOB_NEEDS } from '../../infra/lib/function-needs.ts';
import { getAttTarget, logicalIdOf, resourcesOf, synthesize, type Synthesized } from './support/synth.ts';

let dev: Synthesized;
beforeAll(() => {
  dev = synthesize({ bundling: false });
});

describe('the balance alerts job', () => {
  it('runs every minute from its own schedule rule', () => {
    const target = logicalIdOf(dev.stack, dev.stack.jobFunctions.balanceAlerts);
    const rules = Object.values(dev.template.findResources('AWS::Events::Rule'));
    const mine = rules.filter((r) => (r.Properties.Targets as { Arn: unknown }[]).some((t) => getAttTarget(t.Arn, 'Arn') === target));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(JOBS.balanceAlerts.schedule).toBe('rate(1 minute)');
  });

  it('reads the card provider secret and is confined to the crossings index and the agents, card orders and idempotency keys', () => {
    const fn = resourcesOf(dev.template)[logicalIdOf(dev.stack, dev.stack.jobFunctions.balanceAlerts)]!.Properties as { Environment: { Variables: Record<string, unknown> } };
    expect(fn.Environment.Variables).toHaveProperty('PAYMENT_SECRET_ARN');
    expect(fn.Environment.Variables).toHaveProperty('PAYMENT_PROVIDER_URL');
    expect(JOB_NEEDS.balanceAlerts.tableKeys?.write).toEqual(['AGENT#*', 'CARDORDER#*', 'IDEMPOTENCY#*']);
  });

  it('mails through SES only when the deployment names a sender (context mailFrom; least-privilege.test.ts checks the grant)', () => {
    expect(JOB_NEEDS.balanceAlerts.sendsMail).toBe(true);
    const fn = resourcesOf(dev.template)[logicalIdOf(dev.stack, dev.stack.jobFunctions.balanceAlerts)]!.Properties as { Environment: { Variables: Record<string, unknown> } };
    expect(fn.Environment.Variables).not.toHaveProperty('MAIL_FROM');
  });
});
