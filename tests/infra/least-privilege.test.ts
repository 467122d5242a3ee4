// Every Lambda role in the stack, ours and CDK's helpers alike, is free of "*" actions and resources
// (but X-Ray's two write actions, which have no resource-level permissions) and of managed policies, and
// each area holds only the rights its work needs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { AREAS, type Area, type JobName } from '#shared/manifest.ts';
import { type ApiFunction, TABLE_ACTIONS } from '../../infra/lib/api-function.ts';
import { stageConfig } from '../../infra/lib/stage-config.ts';
import { appOutdir, FRONTEND_FIXTURE, logicalIdOf, resourcesOf, synthesize, type Resources, type Synthesized } from './support/synth.ts';

interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string[]>>;
}

// Synthesized while collecting, so every role can be its own test case. With a frontend build, so the
// role of CDK's BucketDeployment handler is checked too.
const synth: Synthesized = synthesize({ bundling: false, frontendDist: FRONTEND_FIXTURE });
const resources: Resources = resourcesOf(synth.template);

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

function lambdaRoleIds(): string[] {
  return Object.entries(resources)
    .filter(([, r]) => r.Type === 'AWS::IAM::Role' && JSON.stringify(r.Properties?.AssumeRolePolicyDocument).includes('lambda.amazonaws.com'))
    .map(([id]) => id);
}

/** Every statement granted to a role: inline policies and AWS::IAM::Policy resources attached to it. */
function statementsOf(roleId: string): Statement[] {
  const inline = (resources[roleId]!.Properties?.Policies as { PolicyDocument: { Statement: Statement[] } }[] | undefined) ?? [];
  const attached = Object.values(resources).filter(
    (r) => r.Type === 'AWS::IAM::Policy' && list(r.Properties?.Roles).some((ref) => (ref as { Ref?: string }).Ref === roleId),
  );
  return [...inline, ...attached.map((p) => p.Properties as { PolicyDocument: { Statement: Statement[] } })].flatMap(
    (p) => p.PolicyDocument.Statement,
  );
}

const roleOf = (fn: ApiFunction) => synth.stack.resolve(synth.stack.getLogicalId(fn.role.node.defaultChild as CfnRole)) as string;
const areaStatements = (area: Area) => statementsOf(roleOf(synth.stack.areaFunctions[area]));
const jobStatements = (job: JobName) => statementsOf(roleOf(synth.stack.jobFunctions[job]));
const actionsOn = (statements: Statement[], resourcePattern: RegExp) =>
  statements.filter((s) => list(s.Resource).some((r) => resourcePattern.test(JSON.stringify(r)))).flatMap((s) => list(s.Action));

/** X-Ray's trace writes: CDK grants them on "*" when tracing is on (they have no resource-level permissions). */
const XRAY_WRITES = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];

describe('Lambda roles', () => {
  it('include every area and job function, the API authorizer, the projector, the delivery function, the live socket, the webhook worker and the frontend deployment handler', () => {
    const ids = lambdaRoleIds();
    for (const area of AREAS) expect(ids).toContain(roleOf(synth.stack.areaFunctions[area]));
    for (const job of ['prostore', 'csvProcess', 'agentExport', 'leadRetry', 'leadRetention', 'balanceAlerts', 'alertQueue'] as const) expect(ids).toContain(roleOf(synth.stack.jobFunctions[job]));
    expect(ids).toContain(roleOf(synth.stack.api.authorizerFunction));
    expect(ids).toContain(roleOf(synth.stack.projector));
    expect(ids).toContain(roleOf(synth.stack.deliveries));
    expect(ids).toContain(roleOf(synth.stack.liveSocket));
    expect(ids).toContain(roleOf(synth.stack.webhookWorker));
    expect(ids).toHaveLength(AREAS.length + Object.keys(synth.stack.jobFunctions).length + 1 + 1 + 1 + 1 + 1 + 1);
  });

  it.each(lambdaRoleIds())('%s has no "*" action, no "*" resource but X-Ray\'s, and no managed policy', (roleId) => {
    expect(resources[roleId]!.Properties?.ManagedPolicyArns).toBeUndefined();
    const statements = statementsOf(roleId);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      for (const action of list(statement.Action)) expect(action).not.toMatch(/^\*$|:\*$/);
      // dynamodb:ListStreams has no resource-level permission (the stream's own reads are on its ARN):
      // the stream readers' event source mappings (the projector's, the delivery function's) need it on "*".
      // X-Ray's trace writes (tracing is on for every function of ours) have none either; CDK may merge both into one statement.
      const streamReaders = [roleOf(synth.stack.projector), roleOf(synth.stack.deliveries)];
      const onStar = streamReaders.includes(roleId) ? [...XRAY_WRITES, 'dynamodb:ListStreams'] : XRAY_WRITES;
      if (list(statement.Resource).includes('*')) for (const action of list(statement.Action)) expect(onStar).toContain(action);
      else for (const resource of list(statement.Resource)) expect(resource).not.toBe('*');
    }
  });
});

describe("the table stream's two readers", () => {
  /** A resource as a name: its logical id without CDK's hash (a table's stream: `<table> stream`), an event bus by its name, or `*`. */
  const targetOf = (resource: unknown): string => {
    if (resource === '*') return '*';
    const text = JSON.stringify(resource);
    const named = /"(?:Ref|Fn::GetAtt)":\[?"([A-Za-z]\w*?)[0-9A-F]{8}"/.exec(text);
    if (named) return text.includes('"StreamArn"') ? `${named[1]} stream` : named[1]!;
    return /:event-bus\/\w+/.exec(text)?.[0] ?? text;
  };
  /** Every right of the function's role as `action on target` (a table and its indexes are one target). */
  const rightsOf = (fn: ApiFunction) =>
    [...new Set(statementsOf(roleOf(fn)).filter((s) => s.Effect === 'Allow').flatMap((s) => list(s.Action).flatMap((action) => list(s.Resource).map((r) => `${action} on ${targetOf(r)}`))))].sort();
  const envNamesOf = (fn: ApiFunction) => Object.keys((resources[logicalIdOf(synth.stack, fn)]!.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables).sort();
  /** What a reader of the stream holds whatever its views: the table, its stream, its logs, its traces and its own on-failure queue. */
  const readerRights = (name: string, failures: string) => [
    ...TABLE_ACTIONS.readWrite.map((action) => `${action} on DataTable`),
    ...['DescribeStream', 'GetRecords', 'GetShardIterator'].map((action) => `dynamodb:${action} on DataTable stream`),
    'dynamodb:ListStreams on *',
    `logs:CreateLogStream on ${name}Logs`,
    `logs:PutLogEvents on ${name}Logs`,
    ...['GetQueueAttributes', 'GetQueueUrl', 'SendMessage'].map((action) => `sqs:${action} on ${failures}`),
    ...XRAY_WRITES.map((action) => `${action} on *`),
  ];
  const BASE_ENV = ['APP_ORIGIN', 'LOG_LEVEL', 'NODE_OPTIONS', 'POWERTOOLS_SERVICE_NAME', 'STAGE', 'TABLE_NAME'];

  it('the projector keeps the views and publishes the domain events: the table and the default bus, no push, queue, mail, text or alert key', () => {
    expect(rightsOf(synth.stack.projector)).toEqual([...readerRights('Projector', 'ProjectorFailures'), 'events:PutEvents on :event-bus/default'].sort());
    expect(envNamesOf(synth.stack.projector)).toEqual([...BASE_ENV, 'EVENT_BUS_NAME'].sort());
  });

  it('the delivery function holds exactly the rights moved from the projector: live pushes, the delivery queue and the unsubscribe key, no bus', () => {
    expect(rightsOf(synth.stack.deliveries)).toEqual(
      [
        ...readerRights('Deliveries', 'DeliveryFailures'),
        'execute-api:ManageConnections on LiveApi',
        'sqs:SendMessage on WebhookDeliveryQueue',
        'secretsmanager:DescribeSecret on AlertTokenSecret',
        'secretsmanager:GetSecretValue on AlertTokenSecret',
      ].sort(),
    );
    expect(envNamesOf(synth.stack.deliveries)).toEqual([...BASE_ENV, 'LIVE_PUSH_ENDPOINT', 'DELIVERY_QUEUE_URL', 'ALERT_TOKEN_SECRET_ARN'].sort());
  });
});

describe('per-area rights', () => {
  it('me and address only read the table', () => {
    for (const area of ['me', 'address'] as const) {
      expect(actionsOn(areaStatements(area), /DataTable/).sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
    }
  });

  it('no function may scan the table', () => {
    for (const roleId of lambdaRoleIds()) {
      expect(statementsOf(roleId).flatMap((s) => list(s.Action))).not.toContain('dynamodb:Scan');
    }
  });

  it('only the account area can read the payment secret', () => {
    // Other secrets have readers of their own (the webhooks area reads the webhook signing key: webhooks.test.ts).
    const onPaymentSecret = (s: Statement) => JSON.stringify(s.Resource).includes(':secret:leadportal/dev/payment-provider');
    const readers = AREAS.filter((area) => areaStatements(area).some((s) => list(s.Action).includes('secretsmanager:GetSecretValue') && onPaymentSecret(s)));
    expect(readers).toEqual(['account']);
    const env = (resources[logicalIdOf(synth.stack, synth.stack.areaFunctions.account)]!.Properties as { Environment: { Variables: Record<string, unknown> } })
      .Environment.Variables;
    expect(JSON.stringify(env.PAYMENT_SECRET_ARN)).toContain(':secret:leadportal/dev/payment-provider');
  });

  it('only the uploads area, the price factors and campaigns areas (to sign their uploads), the agents area (export requests), the lead engine (dialer files) and the CSV job touch the uploads bucket', () => {
    const uploads = /uploads/;
    const areas = AREAS.filter((area) => actionsOn(areaStatements(area), uploads).length > 0);
    expect(areas.sort()).toEqual(['agents', 'campaigns', 'intake', 'priceFactors', 'sales', 'uploads']);
    expect(actionsOn(areaStatements('priceFactors'), uploads)).toEqual(['s3:PutObject']);
    expect(actionsOn(jobStatements('csvProcess'), uploads).sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    expect(actionsOn(jobStatements('prostore'), uploads)).toEqual([]);
    expect(actionsOn(jobStatements('agentExport'), uploads)).toEqual([]);
  });

  it('lets the campaigns area only sign do-not-call list uploads (issue 24), nothing else in the uploads bucket', () => {
    const statements = areaStatements('campaigns').filter((s) => list(s.Resource).some((r) => /uploads/.test(JSON.stringify(r))));
    expect(statements.flatMap((s) => list(s.Action))).toEqual(['s3:PutObject']);
    expect(JSON.stringify(statements.flatMap((s) => list(s.Resource)))).toContain('/incoming/doNotCall/*');
  });

  it('lets the agents area only put export request objects into the uploads bucket, nothing else there', () => {
    const statements = areaStatements('agents').filter((s) => list(s.Resource).some((r) => /uploads/.test(JSON.stringify(r))));
    expect(statements.flatMap((s) => list(s.Action))).toEqual(['s3:PutObject']);
    expect(JSON.stringify(statements.flatMap((s) => list(s.Resource)))).toContain('/export-requests/*');
  });

  it("lets the lead engine's functions only put call-center dialer files, and the retention job only delete them, nothing else in the uploads bucket", async () => {
    const { CALLCENTER_PREFIX } = await import('#core/leads/providers.ts');
    const { CALLCENTER_PREFIX: granted } = await import('../../infra/lib/function-needs.ts');
    expect(granted).toBe(CALLCENTER_PREFIX);
    const onUploads = (statements: Statement[]) => statements.filter((s) => list(s.Resource).some((r) => /uploads/.test(JSON.stringify(r))));
    for (const [name, statements] of [['intake', areaStatements('intake')], ['sales', areaStatements('sales')], ['leadRetry', jobStatements('leadRetry')]] as const) {
      expect(onUploads(statements).flatMap((s) => list(s.Action)), name).toEqual(['s3:PutObject']);
      expect(JSON.stringify(onUploads(statements).flatMap((s) => list(s.Resource))), name).toContain(`/${CALLCENTER_PREFIX}*`);
    }
    const retention = onUploads(jobStatements('leadRetention'));
    expect(retention.flatMap((s) => list(s.Action))).toEqual(['s3:DeleteObject']);
    expect(JSON.stringify(retention.flatMap((s) => list(s.Resource)))).toContain(`/${CALLCENTER_PREFIX}*`);
    expect(actionsOn(jobStatements('leadRetention'), /BucketsExports/)).toEqual([]);
  });

  it('confines the lead retention job to the leads (with their disputes and marks) and the form submissions, and the retry job to the engine keys, its due items and the submissions', () => {
    const leadingKeys = (statement: Statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
    const writes = (job: JobName) => jobStatements(job).filter((s) => list(s.Action).includes('dynamodb:UpdateItem')).flatMap((s) => leadingKeys(s) ?? ['(whole table)']);
    expect(new Set(writes('leadRetention'))).toEqual(new Set(['LEAD#*', 'SALES_LEAD#*']));
    expect(writes('leadRetry')).toContain('LEAD_RETRIES');
    expect(writes('leadRetry')).not.toContain('(whole table)');
    // Deleting: only a taken retry, by the retry job.
    const deletes = (job: JobName) => jobStatements(job).filter((s) => list(s.Action).includes('dynamodb:DeleteItem')).flatMap((s) => leadingKeys(s) ?? ['(whole table)']);
    expect(deletes('leadRetry')).toEqual(['LEAD_RETRIES']);
    expect(deletes('leadRetention')).toEqual([]);
    for (const job of ['leadRetry', 'leadRetention'] as const) expect(jobStatements(job).flatMap((s) => list(s.Action)), job).not.toContain('dynamodb:Scan');
  });

  it('lets the agent export job write the exports bucket but not read it, and the table but no other bucket', () => {
    const statements = jobStatements('agentExport');
    expect(actionsOn(statements, /BucketsExports/)).toEqual(['s3:PutObject']);
    expect(actionsOn(statements, /DataTable/)).toContain('dynamodb:UpdateItem');
    expect(statements.flatMap((s) => list(s.Action))).not.toContain('s3:GetObject');
  });

  it("reports read the table and write exports, and write the table only as a closed day's performance sums, never deleting", () => {
    const statements = areaStatements('reports');
    const writes = statements.filter((s) => list(s.Action).includes('dynamodb:UpdateItem'));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PERF_VERSION#*'] } });
    expect(actionsOn(statements, /DataTable/)).not.toContain('dynamodb:DeleteItem');
    expect(actionsOn(statements, /DataTable/)).not.toContain('dynamodb:BatchWriteItem');
    expect(actionsOn(statements, /BucketsExports/)).toContain('s3:PutObject');
  });
});

describe('public functions', () => {
  const leadingKeys = (statement: Statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];

  it.each(['sales', 'intake'] as const)('%s reaches the table only through partition-key prefixes, and never deletes', (area) => {
    const table = areaStatements(area).filter((s) => list(s.Action).some((a) => a.startsWith('dynamodb:')));
    expect(table.length).toBeGreaterThan(0);
    for (const statement of table) {
      expect(leadingKeys(statement)?.length).toBeGreaterThan(0);
      // A prefix (`LEAD#*`) or one exact partition (`COUNTER#LEAD_NUMBER`, `RULES`), never `*` alone.
      for (const pattern of leadingKeys(statement)!) expect(pattern).toMatch(/^[A-Z_]+(#\*|#[A-Z_]+)?$/);
    }
    const actions = table.flatMap((s) => list(s.Action));
    expect(actions).not.toContain('dynamodb:DeleteItem');
    expect(actions).not.toContain('dynamodb:BatchWriteItem');
  });

  it('sales writes the public-form leads and their rate counters beyond what the lead engine it hands them to writes (not the vendors\' sandbox), nothing else', () => {
    const writes = (area: 'sales' | 'intake') => areaStatements(area).filter((s) => list(s.Action).includes('dynamodb:PutItem')).flatMap((s) => leadingKeys(s) ?? []);
    const sandbox = ['SANDBOX_LEAD#*', 'SANDBOX_CONTACT#*', 'SANDBOX_ROUTE#*'];
    expect(writes('intake')).toEqual(expect.arrayContaining(sandbox));
    expect(new Set(writes('sales'))).toEqual(new Set([...writes('intake').filter((k) => !sandbox.includes(k)), 'SALES_LEAD#*', 'RATE#*']));
  });

  it('every other area keeps its whole-table grant (narrowing them is listed in docs/deployment.md); reports read it all and write only performance sums', () => {
    const narrowed = AREAS.filter((area) => areaStatements(area).some((s) => leadingKeys(s)));
    expect(narrowed.filter((area) => area !== 'reports')).toEqual(['sales', 'intake']);
    expect(areaStatements('reports').flatMap((s) => leadingKeys(s) ?? [])).toEqual(['*', 'PERF_VERSION#*']);
  });
});

describe('outgoing mail (SES)', () => {
  // The functions that mail (functions/platform/mailer.ts users): the vendor admin invitation, the partner portal's
  // invitations of colleagues (issue 24), the low-balance alert, the e-mail alerts held for quiet hours and the
  // delivery function (e-mail alerts as they happen); not the projector.
  const MAILERS = ['Area-vendors', 'Area-partner', 'Job-balanceAlerts', 'Job-alertQueue', 'Deliveries'];
  const everyFunction = (s: Synthesized) => [
    ...AREAS.map((area) => [`Area-${area}`, s.stack.areaFunctions[area]] as const),
    ...(Object.keys(s.stack.jobFunctions) as JobName[]).map((job) => [`Job-${job}`, s.stack.jobFunctions[job]] as const),
    ['Projector', s.stack.projector] as const,
    ['Deliveries', s.stack.deliveries] as const,
  ];
  const sesStatementsOf = (s: Synthesized, fn: ApiFunction) => {
    const all = resourcesOf(s.template);
    const roleId = s.stack.resolve(s.stack.getLogicalId(fn.role.node.defaultChild as CfnRole)) as string;
    return Object.values(all)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && list(r.Properties?.Roles).some((ref) => (ref as { Ref?: string }).Ref === roleId))
      .flatMap((p) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement)
      .filter((st) => list(st.Action).some((a) => a.startsWith('ses:')));
  };
  const envOf = (s: Synthesized, fn: ApiFunction) =>
    (resourcesOf(s.template)[logicalIdOf(s.stack, fn)]!.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;

  it('without a sender (dev default), no function gets MAIL_FROM or any SES right', () => {
    for (const [name, fn] of everyFunction(synth)) {
      expect(envOf(synth, fn), name).not.toHaveProperty('MAIL_FROM');
      expect(sesStatementsOf(synth, fn), name).toEqual([]);
    }
  });

  describe('with context mailFrom', () => {
    let mail: Synthesized;
    beforeAll(() => {
      mail = synthesize({ bundling: false, context: { mailFrom: 'Lead Portal <no-reply@portal.example.com>' } });
    });

    it('gives exactly the functions that mail MAIL_FROM and ses:SendEmail on the sender domain identity only', () => {
      const withMail = everyFunction(mail).filter(([, fn]) => 'MAIL_FROM' in envOf(mail, fn)).map(([name]) => name);
      const withSes = everyFunction(mail).filter(([, fn]) => sesStatementsOf(mail, fn).length > 0).map(([name]) => name);
      expect(withMail).toEqual(MAILERS);
      expect(withSes).toEqual(MAILERS);
      for (const [name, fn] of everyFunction(mail).filter(([n]) => MAILERS.includes(n))) {
        expect(envOf(mail, fn).MAIL_FROM, name).toBe('Lead Portal <no-reply@portal.example.com>');
        const statements = sesStatementsOf(mail, fn);
        expect(statements.flatMap((st) => list(st.Action)), name).toEqual(['ses:SendEmail']);
        const resources = statements.flatMap((st) => list(st.Resource));
        expect(resources, name).toHaveLength(1);
        const arn = JSON.stringify(resources[0]);
        expect(arn, name).toMatch(/:ses:/);
        expect(arn, name).toMatch(/:identity\/portal\.example\.com"/);
        expect(arn, name).not.toContain('*');
      }
    });
  });

  it('takes the identity mailIdentity names (the address or its domain), and refuses a malformed sender or a foreign identity', () => {
    const mailOf = (context: Record<string, unknown>) => stageConfig(new App({ context, outdir: appOutdir() }).node).mail;
    expect(mailOf({})).toBeUndefined();
    expect(mailOf({ mailFrom: 'no-reply@portal.example.com' })).toEqual({ from: 'no-reply@portal.example.com', identity: 'portal.example.com' });
    expect(mailOf({ mailFrom: 'no-reply@portal.example.com', mailIdentity: 'no-reply@portal.example.com' })?.identity).toBe('no-reply@portal.example.com');
    expect(() => mailOf({ mailFrom: 'not an address' })).toThrow(/mailFrom/);
    expect(() => mailOf({ mailFrom: 'no-reply@portal.example.com', mailIdentity: 'other.example.com' })).toThrow(/mailIdentity/);
    expect(() => mailOf({ mailIdentity: 'portal.example.com' })).toThrow(/mailFrom/);
  });
});

describe('text messages (SNS) and the alerts\' unsubscribe key', () => {
  // The functions that text (functions/platform/sms.ts users): the account area (verification codes), the alert
  // queue job (alerts held for quiet hours, retries) and the delivery function (alerts as they happen); not the projector.
  const TEXTERS = ['Area-account', 'Job-alertQueue', 'Deliveries'];
  const everyFunction = (s: Synthesized) => [
    ...AREAS.map((area) => [`Area-${area}`, s.stack.areaFunctions[area]] as const),
    ...(Object.keys(s.stack.jobFunctions) as JobName[]).map((job) => [`Job-${job}`, s.stack.jobFunctions[job]] as const),
    ['Projector', s.stack.projector] as const,
    ['Deliveries', s.stack.deliveries] as const,
    ['LiveSocket', s.stack.liveSocket] as const,
  ];
  const statementsIn = (s: Synthesized, fn: ApiFunction): Statement[] => {
    const all = resourcesOf(s.template);
    const roleId = s.stack.resolve(s.stack.getLogicalId(fn.role.node.defaultChild as CfnRole)) as string;
    return Object.values(all)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && list(r.Properties?.Roles).some((ref) => (ref as { Ref?: string }).Ref === roleId))
      .flatMap((p) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement);
  };
  const snsOf = (s: Synthesized, fn: ApiFunction) => statementsIn(s, fn).filter((st) => list(st.Action).some((a) => a.startsWith('sns:')));
  const envOf = (s: Synthesized, fn: ApiFunction) =>
    (resourcesOf(s.template)[logicalIdOf(s.stack, fn)]!.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;

  it('without an origination number (dev default), no function gets SMS_ORIGINATION_NUMBER or any SNS right', () => {
    for (const [name, fn] of everyFunction(synth)) {
      expect(envOf(synth, fn), name).not.toHaveProperty('SMS_ORIGINATION_NUMBER');
      expect(snsOf(synth, fn), name).toEqual([]);
    }
  });

  it('lets only the account area, the alert queue job and the delivery function read the unsubscribe key', () => {
    const readers = everyFunction(synth).filter(([, fn]) => 'ALERT_TOKEN_SECRET_ARN' in envOf(synth, fn)).map(([name]) => name);
    expect(readers).toEqual(TEXTERS);
    for (const [name, fn] of everyFunction(synth)) {
      const onKey = statementsIn(synth, fn).filter((st) => JSON.stringify(st.Resource).includes('AlertTokenSecret'));
      expect(onKey.length > 0, name).toBe(TEXTERS.includes(name));
      for (const st of onKey) expect(list(st.Action), name).toContain('secretsmanager:GetSecretValue');
    }
  });

  describe('with context smsFrom', () => {
    let sms: Synthesized;
    beforeAll(() => {
      sms = synthesize({ bundling: false, context: { smsFrom: '+18885550100' } });
    });

    it('gives exactly the functions that text SMS_ORIGINATION_NUMBER and sns:Publish to numbers only, never to a topic', () => {
      const withNumber = everyFunction(sms).filter(([, fn]) => 'SMS_ORIGINATION_NUMBER' in envOf(sms, fn)).map(([name]) => name);
      const withSns = everyFunction(sms).filter(([, fn]) => snsOf(sms, fn).length > 0).map(([name]) => name);
      expect(withNumber).toEqual(TEXTERS);
      expect(withSns).toEqual(TEXTERS);
      for (const [name, fn] of everyFunction(sms).filter(([n]) => TEXTERS.includes(n))) {
        expect(envOf(sms, fn).SMS_ORIGINATION_NUMBER, name).toBe('+18885550100');
        const statements = snsOf(sms, fn);
        // CDK may merge the Allow on "*" with X-Ray's writes on "*" into one statement.
        expect(statements.flatMap((st) => list(st.Action)).filter((a) => a.startsWith('sns:')), name).toEqual(['sns:Publish', 'sns:Publish']);
        const alsoOnStar = name === 'Deliveries' ? [...XRAY_WRITES, 'dynamodb:ListStreams'] : XRAY_WRITES;
        for (const st of statements) for (const action of list(st.Action)) expect([...alsoOnStar, 'sns:Publish'], name).toContain(action);
        const allow = statements.filter((st) => st.Effect === 'Allow');
        const deny = statements.filter((st) => st.Effect === 'Deny');
        expect(allow.flatMap((st) => list(st.Resource)), name).toEqual(['*']);
        expect(JSON.stringify(deny.flatMap((st) => list(st.Resource))), name).toMatch(/:sns:\*:\*:\*"/);
      }
    });

    it('leaves cdk-nag nothing unacknowledged (the "*" of texts is acknowledged with its reason)', () => {
      const report = JSON.parse(readFileSync(path.join(sms.outdir, 'validation-report.json'), 'utf8')) as { pluginReports: unknown[] };
      expect(report.pluginReports).toEqual([]);
    });

    it('refuses an origination number not in E.164 form', () => {
      expect(() => stageConfig(new App({ context: { smsFrom: '888-555-0100' }, outdir: appOutdir() }).node)).toThrow(/smsFrom/);
      expect(stageConfig(new App({ context: {}, outdir: appOutdir() }).node).sms).toBeUndefined();
    });
  });
});
