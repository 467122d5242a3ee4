// The lead engine's narrowed table rights in AWS (infra/lib/function-needs.ts: the intake area, the
// sales area and the lead retry job may read and write only some partition keys, and may not delete)
// checked against what the engine really sends: every DynamoDB call made while vendor leads sell and
// go unsold, a ping is answered, a retry sells and a public form lead is routed is recorded here and
// judged as IAM would judge it (each call's actions, `dynamodb:LeadingKeys` with StringLike patterns).
// Local runs have no IAM, so without this test a missing right shows only in AWS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NARROW_WRITE_ACTIONS, TABLE_ACTIONS, type TableKeys } from '../../infra/lib/api-function.ts';
import { AREA_NEEDS, JOB_NEEDS } from '../../infra/lib/function-needs.ts';
import { useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness();
const fx = useLeadFixture(api, {
  codeLetter: 'Q',
  names: { campaign: 'Rights' },
  campaign: { maxRetries: 1, retryIntervalMinutes: 5 },
  agentDefaults: { balanceCents: 100_000 },
  firstPhone: 6085550000 + Math.floor(Math.random() * 9000),
  postDefaults: { StateCode: 'WI', ZipCode: '53703' },
});

const { docClient, tableName } = await import('#platform/dynamo.ts');
const { runLeadRetries } = await import('#core/leads/retries.ts');

/** One IAM request: an action on the item (or index partition) a key names. */
interface Need {
  action: string;
  key: string;
  call: string;
}

const recorded: Need[] = [];
let recording = false;

/** What IAM evaluates for one DocumentClient command on the table (other tables are not the table's grant). */
function needsOf(command: string, input: Record<string, unknown>): Need[] {
  const table = tableName();
  const pkOf = (item: unknown) => String((item as { pk?: unknown } | undefined)?.pk);
  const need = (action: string, key: string): Need => ({ action: `dynamodb:${action}`, key, call: command });
  switch (command) {
    case 'GetCommand':
    case 'UpdateCommand':
    case 'DeleteCommand':
      if (input.TableName !== table) return [];
      return [need(command.replace('Command', 'Item'), pkOf(input.Key))];
    case 'PutCommand':
      return input.TableName === table ? [need('PutItem', pkOf(input.Item))] : [];
    case 'QueryCommand': {
      if (input.TableName !== table) return [];
      // The partition condition leads the key condition: `#name = :value`.
      const match = /^\s*(#?\w+)\s*=\s*(:\w+)/.exec(String(input.KeyConditionExpression));
      const values = input.ExpressionAttributeValues as Record<string, unknown>;
      return [need('Query', match ? String(values[match[2]!]) : '(unreadable key condition)')];
    }
    case 'ScanCommand':
      return input.TableName === table ? [need('Scan', '(whole table)')] : [];
    case 'BatchGetCommand': {
      const keys = ((input.RequestItems as Record<string, { Keys: unknown[] }>)[table]?.Keys ?? []) as unknown[];
      return keys.map((k) => need('BatchGetItem', pkOf(k)));
    }
    case 'BatchWriteCommand': {
      const writes = ((input.RequestItems as Record<string, unknown[]>)[table] ?? []) as { PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } }[];
      return writes.map((w) => need('BatchWriteItem', pkOf(w.PutRequest?.Item ?? w.DeleteRequest?.Key)));
    }
    case 'TransactWriteCommand':
      return (input.TransactItems as Record<string, { TableName: string; Item?: unknown; Key?: unknown }>[]).flatMap((t) => {
        const [kind, body] = Object.entries(t)[0]!;
        if (body.TableName !== table) return [];
        const action = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind] ?? kind;
        return [need(action, pkOf(body.Item ?? body.Key))];
      });
    case 'TransactGetCommand':
      return (input.TransactItems as { Get: { TableName: string; Key: unknown } }[]).filter((t) => t.Get.TableName === table).map((t) => need('GetItem', pkOf(t.Get.Key)));
    default:
      return [need(command, '(unknown command)')];
  }
}

/** IAM's StringLike: `*` any run of characters, the rest literal. */
const like = (pattern: string, value: string) => new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(value);

/** The calls a function with these keys would be refused (the statements bindTable writes). */
function refused(needs: Need[], keys: TableKeys): string[] {
  const allowed = (n: Need) =>
    (TABLE_ACTIONS.read.includes(n.action) && keys.read.some((p) => like(p, n.key))) ||
    (NARROW_WRITE_ACTIONS.includes(n.action) && keys.write.some((p) => like(p, n.key))) ||
    (n.action === 'dynamodb:DeleteItem' && (keys.delete ?? []).some((p) => like(p, n.key)));
  return [...new Set(needs.filter((n) => !allowed(n)).map((n) => `${n.action} on ${n.key.replace(/#.*/, '#…')} (${n.call})`))].sort();
}

/** The needs of what `run` sends to the table. */
async function needsDuring(run: () => Promise<unknown>): Promise<Need[]> {
  recorded.length = 0;
  recording = true;
  try {
    await run();
  } finally {
    recording = false;
  }
  return [...recorded];
}

type Send = (command: { input: Record<string, unknown> }, ...rest: unknown[]) => Promise<unknown>;
let restore = () => {};
beforeAll(() => {
  // The one client every handler of this process sends through, once the harness has configured it.
  const client = docClient() as unknown as { send: Send };
  const send = client.send.bind(client);
  client.send = (command, ...rest) => {
    if (recording) recorded.push(...needsOf(command.constructor.name, command.input));
    return send(command, ...rest);
  };
  restore = () => {
    client.send = send;
  };
});
afterAll(() => restore());

const keysOf = (needs: { tableKeys?: TableKeys }) => {
  expect(needs.tableKeys, 'the function is narrowed to key prefixes').toBeDefined();
  return needs.tableKeys!;
};

describe("the lead engine's narrowed table rights", () => {
  it('cover every call of the vendor intake: a lead sold, a lead unsold (its retry kept) and a ping', async () => {
    await fx.agentWithOrder({ state: 'WI', zip: '53703' });
    const needs = await needsDuring(async () => {
      expect((await fx.post()).body.Result).toBe('sold');
      expect((await fx.post({ StateCode: 'MT', ZipCode: '59601' })).body.Result).toBe('unsold');
      const ping = await api.fetch('POST', '/intake/ping', {
        origin: false,
        headers: { authorization: `Bearer ${fx.token}` },
        body: { CampaignCode: fx.code, CallerId: '(608) 555-0100', StateCode: 'WI', ZipCode: '53703' },
      });
      expect(ping.status).toBe(200);
    });
    expect(needs.some((n) => n.action === 'dynamodb:PutItem' || n.action === 'dynamodb:UpdateItem')).toBe(true);
    expect(refused(needs, keysOf(AREA_NEEDS.intake))).toEqual([]);
  });

  it('cover every call of the vendor sandbox (issue 24): a lead that would sell, its duplicate and a ping', async () => {
    const { rotateSandboxToken } = await import('#core/catalogue/vendors.ts');
    const { token } = await rotateSandboxToken({ email: 'rights@example.com' }, fx.ids.vendor);
    await fx.agentWithOrder({ state: 'WI', zip: '53703' });
    const phone = fx.nextPhone();
    const needs = await needsDuring(async () => {
      expect((await fx.post({ PrimaryPhone: phone }, token)).body).toMatchObject({ Sandbox: true, Result: 'sold' });
      expect((await fx.post({ PrimaryPhone: phone }, token)).body).toMatchObject({ Sandbox: true, Result: 'duplicate' });
      const ping = await api.fetch('POST', '/intake/ping', {
        origin: false,
        headers: { authorization: `Bearer ${token}` },
        body: { CampaignCode: fx.code, CallerId: '(608) 555-0101', StateCode: 'WI', ZipCode: '53703' },
      });
      expect(ping.status).toBe(200);
    });
    expect(needs.some((n) => n.key.startsWith('SANDBOX_LEAD#'))).toBe(true);
    expect(needs.filter((n) => /^LEAD#|^AGENT#|^ORDER#|^PINGS#/.test(n.key) && n.action !== 'dynamodb:GetItem' && n.action !== 'dynamodb:BatchGetItem' && n.action !== 'dynamodb:Query')).toEqual([]);
    expect(refused(needs, keysOf(AREA_NEEDS.intake))).toEqual([]);
  });

  it('cover every call of the retry job selling a retried lead', async () => {
    expect((await fx.post({ StateCode: 'ND', ZipCode: '58501' })).body.Result).toBe('unsold');
    await fx.agentWithOrder({ state: 'ND', zip: '58501' });
    const needs = await needsDuring(async () => {
      const run = await runLeadRetries({ now: new Date(Date.now() + 6 * 60_000) });
      expect(run.sold).toBeGreaterThanOrEqual(1);
    });
    expect(refused(needs, keysOf(JOB_NEEDS.leadRetry))).toEqual([]);
  });

  it('cover every call of a public form lead routed by the engine', async () => {
    const phone = fx.nextPhone();
    const needs = await needsDuring(async () => {
      const answer = await api.fetch('POST', '/sales/lead', {
        body: {
          ContractID: 'HWI-2040', FirstName: 'Dana', LastName: 'Visitor', Address: '233 S Wacker Dr', AddressLine2: '', City: 'Chicago', County: 'Cook', State: 'IL',
          ZipCode: '60606', BirthDate: '04/12/1961', Phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`, AlternatePhone: '', Email: '',
          ContactTime: '10am-12pm', ContactDay: 'Tuesday', Notes: '', PageUrl: 'http://localhost:5173/Sales/LeadsForm?ContractNumber=HWI-2040', Website: '',
        },
      });
      expect(answer.status).toBe(201);
    });
    expect(refused(needs, keysOf(AREA_NEEDS.sales))).toEqual([]);
  });
});
