// The weekly Pro Store transfer against DynamoDB Local: who is charged, who is skipped and why, one
// event per transfer (published by the projector from the table's stream), nothing twice in a week,
// and a crashed run finished by the next one.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import sampleScheduled from '#events/samples/scheduled.json' with { type: 'json' };
import { proStoreTransferDetail } from '#events/prostore-transfer.ts';
import { getBalance, openAccount, postEntry } from '#core/money/ledger.ts';
import {
  INACTIVE_REASON,
  isoWeekOf,
  runProStoreTransfers,
  type ProStoreRunOptions,
} from '#core/money/prostore.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import type { DomainEvent, EventPublisher } from '#platform/events.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { ProStoreOutcome } from '#entities/prostore-outcome.ts';
import { ProStoreRun } from '#entities/prostore-run.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from '#platform/dynamo.ts';
import { startLocalProjector, type LocalProjector } from '../../infra/local/projector.ts';
import { setEventPublisher } from '#core/views/domain-events.ts';
import { testDynamoEndpoint, useTestTable } from '../support/test-table.ts';

const table = useTestTable({ stream: true });

const eventsDir = await mkdtemp(path.join(os.tmpdir(), 'prostore-events-'));
process.env.LOCAL_EVENTS_DIR = eventsDir;
// The file's table's stream through the projector, which publishes the store's events.
let projector: LocalProjector;
beforeAll(async () => {
  projector = await startLocalProjector({ endpoint: testDynamoEndpoint(), tableName: table.name, idleMs: 100 });
});
afterAll(async () => {
  await projector.stop();
  setEventPublisher(undefined);
  await rm(eventsDir, { recursive: true, force: true });
});

type Profile = Parameters<typeof AgentProfile.put>[0];
const created: Profile[] = [];
let counter = 0;

interface AgentSpec {
  type?: 0 | 1 | 2;
  status?: 0 | 1;
  enabled?: boolean;
  amountCents?: number;
  balanceCents?: number;
}

/** An agent with an account holding `balanceCents`, put straight into the table. */
async function agent(spec: AgentSpec = {}): Promise<string> {
  const agentId = `P${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();
  const profile: Profile = {
    agentId,
    firstName: 'Pat',
    lastName: `Store${counter}`,
    email: `${agentId.toLowerCase()}@agents.example.com`,
    type: spec.type ?? 0,
    status: spec.status ?? 1,
    role: 'agent',
    zip: '60601',
    zipStatus: 1,
    orderStatus: 1,
    liveTransferStatus: 1,
    thirdPartyLeadStatus: true,
    priority: 5,
    proStoreEnabled: spec.enabled ?? true,
    proStoreAmountCents: spec.amountCents ?? 2_500,
    address1: '1 Main Street',
    city: 'Chicago',
    state: 'IL',
    createdAt: new Date().toISOString(),
  };
  await AgentProfile.put(profile);
  created.push(profile);
  await openAccount(agentId);
  const balance = spec.balanceCents ?? 10_000;
  if (balance > 0)
    await postEntry({ agentId, deltaCents: balance, type: 'CreditCardPayment', description: 'Card', idempotencyKey: `fund:${agentId}` });
  return agentId;
}

// Each test starts with an empty Pro Store index, so its counts are its own agents'.
beforeEach(async () => {
  for (const p of created.splice(0)) await AgentProfile.put({ ...p, proStoreEnabled: false });
});

/** Keeps what it publishes; refuses once each event of the agents named in `failOnceFor`. */
function memoryPublisher(failOnceFor: Set<string> = new Set()): EventPublisher & { events: DomainEvent[] } {
  const events: DomainEvent[] = [];
  return {
    events,
    async publish(batch) {
      const failed = batch.filter((e) => failOnceFor.delete(String(e.detail.agentId)));
      events.push(...batch.filter((e) => !failed.includes(e)));
      return { published: batch.filter((e) => !failed.includes(e)).map((e) => e.id), failed: failed.map((e) => ({ id: e.id, reason: 'Test' })) };
    },
  };
}

let weekOffset = 0;
/** A Monday 06:00 UTC of its own per test, so runs of different tests never share a week. */
const nextMonday = () => new Date(Date.UTC(2030, 0, 7 + 7 * weekOffset++, 6));

/** A run, its events published through `publisher` by the projector before it answers (or throws). */
async function run(at: Date, publisher: EventPublisher, extra: Partial<ProStoreRunOptions> = {}) {
  setEventPublisher(publisher);
  try {
    return await runProStoreTransfers({ at, ...extra });
  } finally {
    await projector.settled();
  }
}

const ledgerOf = (agentId: string) => LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
const proStoreEntries = async (agentId: string) => (await ledgerOf(agentId)).filter((e) => e.type === 'ProStoreTransfer');
const outcomeOf = (at: Date, agentId: string) => ProStoreOutcome.get({ isoWeek: isoWeekOf(at), agentId }, { consistent: true });

async function expectBalanceMatchesLedger(agentId: string): Promise<number> {
  const [balance, entries] = await Promise.all([getBalance(agentId), ledgerOf(agentId)]);
  expect(balance!.balanceCents).toBe(entries.reduce((sum, e) => sum + e.creditCents - e.debitCents, 0));
  return balance!.balanceCents;
}

describe('the weekly Pro Store transfer', () => {
  it('moves the amount out of an enabled captive agent’s balance as a ProStoreTransfer entry and publishes its event', async () => {
    const captive = await agent({ amountCents: 2_500, balanceCents: 10_000 });
    const firstFamily = await agent({ type: 2, amountCents: 5_000, balanceCents: 5_000 });
    const publisher = memoryPublisher();
    const at = nextMonday();

    const summary = await run(at, publisher);

    expect(summary).toMatchObject({ isoWeek: isoWeekOf(at), agents: 2, transferred: 2, newTransfers: 2, skipped: 0, failed: 0, totalCents: 7_500 });
    expect(await expectBalanceMatchesLedger(captive)).toBe(7_500);
    expect(await expectBalanceMatchesLedger(firstFamily)).toBe(0);
    const [entry] = await proStoreEntries(captive);
    expect(entry).toMatchObject({ type: 'ProStoreTransfer', debitCents: 2_500, creditCents: 0, balanceAfterCents: 7_500 });
    const event = publisher.events.find((e) => e.detail.agentId === captive)!;
    expect(event).toMatchObject({ id: `prostore:${isoWeekOf(at)}:${captive}`, source: 'leadportal.prostore', detailType: 'ProStoreTransferCompleted' });
    expect(proStoreTransferDetail.parse(event.detail)).toEqual({
      eventId: event.id,
      agentId: captive,
      amount: 25,
      amountCents: 2_500,
      isoWeek: isoWeekOf(at),
      ledgerEntryId: entry!.entryId,
      occurredAt: entry!.at,
    });
    expect(await outcomeOf(at, captive)).toMatchObject({ outcome: 'transferred', ledgerEntryId: entry!.entryId });
    expect(publisher.events).toHaveLength(2);
  });

  it("skips an agent whose balance does not cover the amount, with 'Insufficient funds: balance $12.00, Pro Store amount $25.00'", async () => {
    const poor = await agent({ amountCents: 2_500, balanceCents: 1_200 });
    const publisher = memoryPublisher();
    const at = nextMonday();

    const summary = await run(at, publisher);

    expect(summary).toMatchObject({ transferred: 0, skipped: 1 });
    expect(await expectBalanceMatchesLedger(poor)).toBe(1_200);
    expect(await proStoreEntries(poor)).toEqual([]);
    expect(publisher.events).toEqual([]);
    const skipped = await ProStoreOutcome.query.exceptionsOfWeek(isoWeekOf(at), 'skipped').all();
    expect(skipped.map((o) => [o.agentId, o.reason])).toEqual([[poor, 'Insufficient funds: balance $12.00, Pro Store amount $25.00']]);
  });

  it('skips an inactive (terminated) agent with the reason and leaves the balance alone', async () => {
    const termed = await agent({ status: 0, balanceCents: 10_000 });
    const at = nextMonday();

    await run(at, memoryPublisher());

    expect(await outcomeOf(at, termed)).toMatchObject({ outcome: 'skipped', reason: INACTIVE_REASON });
    expect(await expectBalanceMatchesLedger(termed)).toBe(10_000);
  });

  it('leaves broker agents, disabled agents and a zero amount untouched', async () => {
    const broker = await agent({ type: 1, balanceCents: 10_000 });
    const disabled = await agent({ enabled: false, balanceCents: 10_000 });
    const zero = await agent({ amountCents: 0, balanceCents: 10_000 });
    const publisher = memoryPublisher();
    const at = nextMonday();

    const summary = await run(at, publisher);

    // The disabled agent is not in the index at all; the broker and the zero amount are read and passed over.
    expect(summary).toMatchObject({ agents: 2, ineligible: 2, transferred: 0, skipped: 0, failed: 0 });
    for (const id of [broker, disabled, zero]) {
      expect(await expectBalanceMatchesLedger(id)).toBe(10_000);
      expect(await outcomeOf(at, id)).toBeUndefined();
    }
    expect(publisher.events).toEqual([]);
  });

  it('moves nothing the second time it runs in the same week', async () => {
    const ids = [await agent({ balanceCents: 10_000 }), await agent({ balanceCents: 10_000 }), await agent({ balanceCents: 1_000 })];
    const publisher = memoryPublisher();
    const at = nextMonday();
    await run(at, publisher);
    const later = new Date(at.getTime() + 3 * 86_400_000);

    const second = await run(later, publisher);

    expect(second).toMatchObject({ runs: 2, transferred: 2, skipped: 1, newTransfers: 0, totalCents: 5_000 });
    for (const id of ids.slice(0, 2)) {
      expect(await proStoreEntries(id)).toHaveLength(1);
      expect(await expectBalanceMatchesLedger(id)).toBe(7_500);
    }
    expect(publisher.events).toHaveLength(2);
    expect(await ProStoreRun.get({ isoWeek: isoWeekOf(at) })).toMatchObject({ status: 'finished', runs: 2, transferred: 2, skipped: 1 });
  });

  it('finishes a run that crashed half-way without doubling any transfer or event', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => agent({ amountCents: 1_000, balanceCents: 5_000 })));
    const publisher = memoryPublisher();
    const at = nextMonday();
    let committed = 0;
    const crashAfterFive = () => {
      if (++committed === 5) throw new Error('simulated crash');
    };

    await expect(run(at, publisher, { afterTransfer: crashAfterFive, concurrency: 3, pageSize: 4 })).rejects.toThrow('simulated crash');
    expect(await ProStoreRun.get({ isoWeek: isoWeekOf(at) })).toMatchObject({ status: 'running', runs: 1 });
    // The crash left money moved for agents that have no outcome yet; each of those transfers has its
    // event all the same, since the event follows the committed debit, not the run.
    const charged = (await Promise.all(ids.map(proStoreEntries))).filter((e) => e.length > 0).length;
    const recorded = (await Promise.all(ids.map((id) => outcomeOf(at, id)))).filter(Boolean).length;
    expect(charged).toBeGreaterThan(recorded);
    expect(publisher.events.length).toBe(charged);
    const rerun = await run(at, publisher);

    expect(rerun).toMatchObject({ runs: 2, transferred: 12, failed: 0, totalCents: 12_000 });
    for (const id of ids) {
      expect(await proStoreEntries(id)).toHaveLength(1);
      expect(await expectBalanceMatchesLedger(id)).toBe(4_000);
    }
    const eventIds = publisher.events.map((e) => e.id).sort();
    expect(eventIds).toEqual(ids.map((id) => `prostore:${isoWeekOf(at)}:${id}`).sort());
  });

  it('publishes an event the bus refused when the projector delivers its record again, once, without a second run or money moved again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the refusal is logged as the projector's error
    const unlucky = await agent({ balanceCents: 10_000 });
    const at = nextMonday();
    const publisher = memoryPublisher(new Set([unlucky]));

    const first = await run(at, publisher);

    expect(first).toMatchObject({ newTransfers: 1, failed: 0 });
    expect(publisher.events.map((e) => e.detail.agentId)).toEqual([unlucky]);
    expect(await proStoreEntries(unlucky)).toHaveLength(1);
    expect(await outcomeOf(at, unlucky)).toMatchObject({ outcome: 'transferred' });
    vi.restoreAllMocks();
  });

  it('charges the amount the interrupted run charged, even when the agent changed it before the re-run', async () => {
    const id = await agent({ amountCents: 2_500, balanceCents: 10_000 });
    const at = nextMonday();
    const publisher = memoryPublisher();
    await expect(run(at, publisher, { afterTransfer: () => Promise.reject(new Error('simulated crash')) })).rejects.toThrow();
    const profile = created.find((p) => p.agentId === id)!;
    await AgentProfile.put({ ...profile, proStoreAmountCents: 4_000 });

    const rerun = await run(at, publisher);

    expect(rerun).toMatchObject({ transferred: 1, failed: 0, totalCents: 2_500 });
    expect(await expectBalanceMatchesLedger(id)).toBe(7_500);
    expect(publisher.events.map((e) => e.detail.amountCents)).toEqual([2_500]);
  });
});

describe('the 3-item Pro Store transaction', () => {
  it('keeps the week on the balance item instead of an idempotency record, and two runs at once still move the money once', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => agent({ amountCents: 1_000, balanceCents: 5_000 })));
    const at = nextMonday();
    const publisher = memoryPublisher();

    await Promise.all([run(at, publisher, { concurrency: 2 }), run(at, publisher, { concurrency: 3 })]);

    for (const id of ids) {
      expect(await proStoreEntries(id)).toHaveLength(1);
      expect(await expectBalanceMatchesLedger(id)).toBe(4_000);
      expect(await getBalance(id)).toMatchObject({ proStoreWeek: isoWeekOf(at), proStoreResult: { agentId: id, deltaCents: -1_000 } });
      const record = await docClient().send(new GetCommand({ TableName: tableName(), Key: { pk: `IDEMPOTENCY#prostore:${isoWeekOf(at)}:${id}`, sk: 'IDEMPOTENCY' } }));
      expect(record.Item).toBeUndefined();
    }
  });
});

describe('the job handler', () => {
  it('runs the week of the scheduled event, and the projector appends one event line per transfer under LOCAL_EVENTS_DIR', async () => {
    const id = await agent({ amountCents: 1_500, balanceCents: 2_000 });
    const { handler } = await import('../../functions/jobs/prostore.ts');
    setEventPublisher(undefined); // the environment's: LOCAL_EVENTS_DIR

    const summary = await handler(sampleScheduled);
    await projector.settled();

    expect(summary).toMatchObject({ isoWeek: '2025-W48', transferred: 1 });
    const lines = (await readFile(path.join(eventsDir, 'leadportal.prostore.jsonl'), 'utf8')).trim().split('\n');
    const events = lines.map((l) => JSON.parse(l) as { id: string; 'detail-type': string; detail: unknown });
    expect(events.map((e) => [e.id, e['detail-type']])).toEqual([[`prostore:2025-W48:${id}`, 'ProStoreTransferCompleted']]);
    expect(proStoreTransferDetail.parse(events[0]!.detail)).toMatchObject({ agentId: id, amount: 15 });
    expect(await expectBalanceMatchesLedger(id)).toBe(500);
  });
});
