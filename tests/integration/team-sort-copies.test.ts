// My Team's sort copies (docs/data-model.md #24h): every closure item carries its descendant's Last
// Login, Priority and Credit Line, rewritten by the transaction that changes each, so a team's page in
// those orders is sorted from its closure items alone. After a sign-in, a priority change, credit line
// changes (Agent Information and the CSV path), a transfer, a lead sale through the real engine and a
// move of an agent (with its own team) to another upline, also while sign-ins and credit line changes
// of its members run, every closure item's copies equal the
// agent's profile and balance, and every page of every team in every order equals the full read (rows,
// order, TotalCount). A team with an item that lacks the copies (written before them) is sorted from
// the profiles as before, and the backfill gives the items their copies back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryQuery, DirectoryScope } from '#core/agent-directory.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness();
const { agentWithOrder, post } = useLeadFixture(api, { codeLetter: 'Y' });

const { registerAgent, stampLastLogin } = await import('#core/agent-registry.ts');
const { changedFields, applyAgentSettings } = await import('#core/agent-admin.ts');
const { postEntry, setCreditLine, transfer } = await import('#core/ledger.ts');
const { moveAgent } = await import('#core/agent-lifecycle.ts');
const { listAgentsFromFullRead, listAgentsFromLightRead } = await import('#core/agent-directory.ts');
const { readTeamCopies, TEAM_COPIES } = await import('#core/team-copies.ts');
const { backfillTeamCopies } = await import('#core/team-copies-backfill.ts');
const { Downline } = await import('#entities/downline.ts');

// Two trees: ROOT > MID > (LEAF x 6), and OTHER > (2 more); the moves carry MID's team across.
const ROOT = 'A7C0001';
const MID = 'A7C0002';
const OTHER = 'A7C0003';
const LEAVES = Array.from({ length: 6 }, (_, i) => `A7C01${String(i).padStart(2, '0')}`);
const OTHERS = ['A7C0201', 'A7C0202'];
const ROOTS = [ROOT, MID, OTHER];
let key = 0;
const nextKey = () => `team-copies-${++key}`;

beforeAll(async () => {
  const everyone = [ROOT, MID, OTHER, ...LEAVES, ...OTHERS];
  for (const [i, agentId] of everyone.entries())
    await registerAgent(
      agentProfileFixture(agentId, {
        firstName: ['Ann', 'Bob', 'Cy'][i % 3]!,
        lastName: ['Copy', 'Copy', 'Kopi'][i % 3]!,
        priority: 1 + (i % 4),
        ...(i % 2 ? { lastLoginAt: `2026-01-0${1 + (i % 3)}T10:00:00.000Z` } : {}),
      }),
      { creditLineCents: (i % 3) * 5_000 },
    );
  await moveAgent(MID, ROOT);
  for (const leaf of LEAVES) await moveAgent(leaf, MID);
  for (const other of OTHERS) await moveAgent(other, OTHER);
  for (const [i, agentId] of everyone.entries()) await postEntry({ agentId, deltaCents: 1_000 * (1 + (i % 3)), type: 'CreditCardPayment', description: 'Credit card payment', idempotencyKey: nextKey() });
}, 120_000);

/** Every closure item below the roots carries the copies, equal to its descendant's profile and balance now. */
async function expectCopiesFollowTheFacts(): Promise<void> {
  const items = (await Promise.all(ROOTS.map((r) => Downline.query.ofAncestor(r).all({ consistent: true })))).flat();
  const facts = await readTeamCopies([...new Set(items.map((d) => d.descendantId))]);
  expect(items.length).toBeGreaterThan(0);
  for (const d of items) {
    const fact = facts.get(d.descendantId)!;
    expect({ copies: d.copies, lastLoginAt: d.lastLoginAt, priority: d.priority, creditLineCents: d.creditLineCents }, `${d.ancestorId} > ${d.descendantId}`).toEqual({
      copies: TEAM_COPIES,
      lastLoginAt: fact.lastLoginAt,
      priority: fact.priority,
      creditLineCents: fact.creditLineCents,
    });
  }
}

/** The copied orders, one carried from the start (Status) and two still read from the profiles and balances. */
const COLUMNS = ['LastLoginDateTime', 'Priority', 'CreditLine', 'Status', 'LastLeadDateTime', 'CurrentBalance'] as const;

/** Every page (size 3) of every root's team in those orders, both ways, is the full read's slice. */
async function expectTeamPagesAsFullRead(): Promise<void> {
  for (const ancestorId of ROOTS) {
    const scope: DirectoryScope = { kind: 'downline', ancestorId };
    for (const column of COLUMNS)
      for (const descending of [false, true]) {
        const q = (page: number, pageSize: number): DirectoryQuery => ({ filters: {}, sort: { column, descending }, page, pageSize });
        const whole = await listAgentsFromFullRead(scope, q(1, 30_000));
        const pages = await Promise.all(Array.from({ length: Math.ceil(whole.totalCount / 3) + 1 }, (_, i) => listAgentsFromLightRead(scope, q(i + 1, 3))));
        pages.forEach((page, i) =>
          expect(page, `${ancestorId} ${column} ${descending ? 'desc' : 'asc'} page ${i + 1}`).toEqual({ entries: whole.entries.slice(i * 3, (i + 1) * 3), totalCount: whole.totalCount }),
        );
      }
  }
}

describe("My Team's sort copies on the closure items", () => {
  it('are written by a move and equal the facts; every team page equals the full read', async () => {
    await expectCopiesFollowTheFacts();
    await expectTeamPagesAsFullRead();
  }, 120_000);

  it('follow a sign-in, a priority change and credit line changes', async () => {
    expect(await stampLastLogin(LEAVES[0]!, new Date('2026-02-01T09:00:00.000Z'))).toBe(true); // never signed in before
    expect(await stampLastLogin(LEAVES[1]!, new Date('2026-02-01T09:30:00.000Z'))).toBe(true);
    expect(await stampLastLogin(MID, new Date('2026-02-02T09:30:00.000Z'))).toBe(true);
    const { current } = await changedFields(LEAVES[2]!, { priority: 9 });
    await applyAgentSettings(LEAVES[2]!, { priority: 9, creditLineCents: 77_700 }, current, 'U-test');
    await setCreditLine({ agentId: LEAVES[3]!, creditLineCents: 12_300, by: 'test', source: 'CSV upload', idempotencyKey: nextKey() });
    await expectCopiesFollowTheFacts();
    await expectTeamPagesAsFullRead();
  }, 120_000);

  it('stay exact after a transfer and a lead sale through the engine', async () => {
    await transfer({ fromAgentId: LEAVES[4]!, toAgentId: LEAVES[5]!, amountCents: 500, type: 'FundsTransfer', description: 'Funds transfer', idempotencyKey: nextKey() });
    const { agentId } = await agentWithOrder({ state: 'WI', zip: '53202', balanceCents: 10_000 });
    await moveAgent(agentId, MID);
    const sold = await post({ StateCode: 'WI', ZipCode: '53202' });
    expect(sold.body.Result).toBe('sold');
    await stampLastLogin(agentId, new Date('2026-02-03T08:00:00.000Z'));
    await expectCopiesFollowTheFacts();
    await expectTeamPagesAsFullRead();
  }, 120_000);

  it('move with an agent and its team to another upline, and the old upline no longer lists them', async () => {
    await moveAgent(MID, OTHER);
    expect(await Downline.query.ofAncestor(ROOT).all({ consistent: true })).toEqual([]);
    await stampLastLogin(LEAVES[2]!, new Date('2026-02-04T08:00:00.000Z'));
    await expectCopiesFollowTheFacts();
    await expectTeamPagesAsFullRead();
  }, 120_000);

  it('stay exact when sign-ins and credit line changes run while a team moves', async () => {
    await Promise.all([
      moveAgent(MID, ROOT),
      ...LEAVES.slice(0, 3).map((leaf, i) => stampLastLogin(leaf, new Date(Date.UTC(2026, 1, 5, 8, i)))),
      ...LEAVES.slice(3).map((leaf, i) => setCreditLine({ agentId: leaf, creditLineCents: 40_000 + i * 100, by: 'test', source: 'CSV upload', idempotencyKey: nextKey() }, { maxAttempts: 30, baseDelayMs: 5 })),
    ]);
    await expectCopiesFollowTheFacts();
    await expectTeamPagesAsFullRead();
  }, 120_000);

  it('a team with an item written before the copies is sorted from the profiles; the backfill restores the copies', async () => {
    const item = await Downline.get({ ancestorId: ROOT, descendantId: LEAVES[0]! });
    const { copies: _, lastLoginAt: __, priority: ___, creditLineCents: ____, ...bare } = item!;
    await Downline.put({ ...bare, lastLoginAt: '2020-01-01T00:00:00.000Z', priority: 1, creditLineCents: 0 }); // stale values, unmarked
    await expectTeamPagesAsFullRead();
    expect((await backfillTeamCopies()).items).toBeGreaterThan(LEAVES.length);
    await expectCopiesFollowTheFacts();
    await expectTeamPagesAsFullRead();
  }, 120_000);
});
