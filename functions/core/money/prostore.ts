// The weekly Pro Store transfer: every captive agent with Pro Store on and an amount above zero has
// the amount moved out of the lead balance as a ProStoreTransfer ledger entry, or a recorded reason
// why not. Idempotent per ISO week: re-running the week (after a crash, a timeout or by hand) moves no
// money twice and finishes what the earlier run left undone.
//
// The ledger write records the week and its result on the agent's balance item, in the same 3-item
// transaction as the entry: a re-run finds the week there and gets the first result
// back (no separate idempotency record). The agent's outcome for the week is written after it, so a
// re-run skips agents already done. The store's ProStoreTransferCompleted event is not published here:
// the projector publishes it from the balance item's new week (functions/core/views/prostore-events-view.ts),
// so a crash anywhere after the commit can neither lose it nor leave it pending.
import type { z } from 'zod';
import { PRO_STORE_TRANSFER_DETAIL_TYPE, PRO_STORE_TRANSFER_SOURCE, proStoreTransferDetail } from '#events/prostore-transfer.ts';
import { centsToDollars, formatUsd } from '#shared/money.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { ProStoreOutcome } from '#entities/prostore-outcome.ts';
import { ProStoreRun } from '#entities/prostore-run.ts';
import { Balance } from '#entities/balance.ts';
import { config } from '#platform/config.ts';
import { batchPut, type Page } from '#platform/db.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { InsufficientFunds } from '#platform/errors.ts';
import type { DomainEvent } from '#platform/events.ts';
import { pad } from '#platform/item-key.ts';
import { getBalance, postEntry, type PostResult } from './ledger.ts';

const BROKER = 1;
const ACTIVE = 1;
export const TRANSFER_DESCRIPTION = 'Weekly Pro Store transfer';
export const INACTIVE_REASON = 'Agent is inactive (terminated)';

type Tally = Pick<
  ProStoreRun,
  'agents' | 'transferred' | 'skipped' | 'failed' | 'ineligible' | 'totalCents' | 'newTransfers'
>;
export type ProStoreSummary = Tally & { isoWeek: string; runs: number; ms: number };

export interface ProStoreRunOptions {
  /** The scheduled time (or now when run by hand): it picks the ISO week. */
  at: Date;
  /** Agents in flight at once (default: the PROSTORE_CONCURRENCY setting, 16 locally, higher in AWS). */
  concurrency?: number;
  /** Agents read per index page (default and maximum 100, one BatchGet of their outcomes). */
  pageSize?: number;
  /**
   * Test hook, run after each ledger commit and before the transfer's outcome exists:
   * throwing from it stops the run as a crash at the worst moment would.
   */
  afterTransfer?: (agentId: string) => void | Promise<void>;
}

const MAX_PAGE = 100;
/**
 * Index pages settled at once: while one page's transfers run, the next pages are read and started,
 * so a page boundary never leaves the transaction pipeline empty. Agents in flight stay bounded by
 * the concurrency across all pages.
 */
const PAGES_AHEAD = 3;

/** `2025-W48`: the ISO-8601 week (weeks start on Monday, week 1 holds the year's first Thursday), in UTC. */
export function isoWeekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of the same week decides the week-numbering year.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const year = day.getUTCFullYear();
  const week = Math.ceil(((day.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${pad(week, 2)}`;
}

export const proStoreIdempotencyKey = (isoWeek: string, agentId: string) => `prostore:${isoWeek}:${agentId}`;

export function insufficientFundsReason(balanceCents: number, amountCents: number): string {
  return `Insufficient funds: balance ${formatUsd(balanceCents)}, Pro Store amount ${formatUsd(amountCents)}`;
}

/** Run (or finish) the week's transfers; resolves with the week's totals and this run's work. */
export async function runProStoreTransfers(opts: ProStoreRunOptions): Promise<ProStoreSummary> {
  const started = Date.now();
  const isoWeek = isoWeekOf(opts.at);
  const pageSize = Math.min(opts.pageSize ?? MAX_PAGE, MAX_PAGE);
  const startedAt = new Date(started).toISOString();
  const previous = await ProStoreRun.get({ isoWeek }, { consistent: true });
  const tally: Tally = { agents: 0, transferred: 0, skipped: 0, failed: 0, ineligible: 0, totalCents: 0, newTransfers: 0 };
  const record = (status: ProStoreRun['status']): ProStoreRun => {
    const now = new Date().toISOString();
    return {
      isoWeek,
      status,
      runs: (previous?.runs ?? 0) + 1,
      firstStartedAt: previous?.firstStartedAt ?? startedAt,
      startedAt,
      ...(status === 'finished' ? { finishedAt: now } : {}),
      updatedAt: now,
      ...tally,
    };
  };
  await ProStoreRun.put(record('running'));

  const week: Week = { isoWeek, opts, tally, slots: slots(opts.concurrency ?? config().PROSTORE_CONCURRENCY) };
  const enabled = AgentProfile.query.proStoreEnabled();
  const settling: Promise<void>[] = [];
  let next: Promise<Page<Profile>> | undefined = enabled.page({ limit: pageSize });
  try {
    while (next) {
      const page: Page<Profile> = await next;
      // Read the next page while this one settles; after a failure no further page is read.
      next = page.cursor && !week.failure ? enabled.page({ limit: pageSize, cursor: page.cursor }) : undefined;
      // The whole record after each page: a crashed run leaves its progress, and the next one overwrites it.
      const settled = settlePage(week, page.items).then(() => ProStoreRun.put(record('running')));
      settling.push(
        settled.catch((error: unknown) => {
          week.failure ??= { error };
        }),
      );
      if (settling.length >= PAGES_AHEAD) await settling.shift();
    }
  } finally {
    // Pages in flight finish (as they would when a Lambda dies) before a failure is reported.
    await Promise.all(settling);
  }
  if (week.failure) throw week.failure.error;

  const finished = record('finished');
  await ProStoreRun.put(finished);
  return { isoWeek, runs: finished.runs, ...tally, ms: Date.now() - started };
}

interface Week {
  isoWeek: string;
  opts: ProStoreRunOptions;
  tally: Tally;
  slots: Slots;
  /** Set by the first agent that throws: no agent starts after it, on any page. */
  failure?: { error: unknown };
}

type Profile = z.infer<typeof AgentProfile.schema>;

async function settlePage(week: Week, profiles: Profile[]): Promise<void> {
  const { tally } = week;
  tally.agents += profiles.length;
  // The index holds whoever has the switch on; brokers (should one slip in) and zero amounts are not
  // Pro Store transfers at all, so they get no outcome, only a count.
  const eligible = profiles.filter((p) => p.type !== BROKER && p.proStoreEnabled && p.proStoreAmountCents > 0);
  tally.ineligible += profiles.length - eligible.length;
  const { earlier, balances } = await readPage(week.isoWeek, eligible);

  const toSettle: Profile[] = [];
  for (const profile of eligible) {
    const done = earlier.get(profile.agentId);
    if (done?.outcome === 'transferred') {
      tally.transferred += 1;
      tally.totalCents += done.amountCents;
    } else if (done?.outcome === 'skipped') tally.skipped += 1;
    // No outcome yet, or a failure last time: (re)try. The ledger key keeps a retry from paying twice.
    else toSettle.push(profile);
  }

  const settled = await mapBounded(week, toSettle, (p) => settleAgent(week, p, balances.get(p.agentId)));
  for (const o of settled) {
    if (o.outcome === 'transferred') {
      tally.transferred += 1;
      tally.totalCents += o.amountCents;
      tally.newTransfers += 1;
    } else if (o.outcome === 'skipped') tally.skipped += 1;
    else tally.failed += 1;
  }
  await batchPut(settled.map(ProStoreOutcome.toItem), { concurrency: 4 });
}

/** The page's earlier outcomes of the week and the agents' balances, in one parallel BatchGet. */
async function readPage(isoWeek: string, profiles: Profile[]) {
  const refs: Record<string, Ref<unknown>> = {};
  for (const { agentId } of profiles) {
    refs[`o${agentId}`] = ProStoreOutcome.ref({ isoWeek, agentId });
    refs[`b${agentId}`] = Balance.ref({ agentId });
  }
  const found = profiles.length ? ((await getMany(refs, { consistent: true })) as Record<string, unknown>) : {};
  const earlier = new Map<string, ProStoreOutcome>();
  const balances = new Map<string, Balance>();
  for (const { agentId } of profiles) {
    const outcome = found[`o${agentId}`] as ProStoreOutcome | undefined;
    const balance = found[`b${agentId}`] as Balance | undefined;
    if (outcome) earlier.set(agentId, outcome);
    if (balance) balances.set(agentId, balance);
  }
  return { earlier, balances };
}

/** One agent: transferred, skipped with the reason, or failed with what went wrong. */
async function settleAgent(week: Week, profile: Profile, balance: Balance | undefined): Promise<ProStoreOutcome> {
  const { isoWeek } = week;
  const base = { isoWeek, agentId: profile.agentId, amountCents: profile.proStoreAmountCents, decidedAt: new Date().toISOString() };
  if (profile.status !== ACTIVE) return { ...base, outcome: 'skipped', reason: INACTIVE_REASON };

  let result: PostResult;
  try {
    result = await debit(isoWeek, profile, balance);
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      const balance = await getBalance(profile.agentId);
      return { ...base, outcome: 'skipped', reason: insufficientFundsReason(balance?.balanceCents ?? 0, profile.proStoreAmountCents) };
    }
    return { ...base, outcome: 'failed', reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
  await week.opts.afterTransfer?.(profile.agentId);
  return {
    ...base,
    outcome: 'transferred',
    // What actually moved: a duplicate answers with the first run's amount even if the setting changed since.
    amountCents: -result.deltaCents,
    ledgerEntryId: result.entryId,
    transferredAt: result.at,
  };
}

function debit(isoWeek: string, profile: Profile, balance: Balance | undefined): Promise<PostResult> {
  // The balance item carries the week of its last Pro Store debit and that debit's result, written
  // in the debit's own transaction: a re-run (or an amount changed after an interrupted run) gets
  // the week's first transfer back instead of a second one.
  return postEntry({
    agentId: profile.agentId,
    deltaCents: -profile.proStoreAmountCents,
    type: 'ProStoreTransfer',
    description: TRANSFER_DESCRIPTION,
    proStoreWeek: isoWeek,
    ...(balance ? { balance } : {}),
  });
}

/** The store's event for the week's transfer the balance item records (built by the projector's view). */
export function proStoreTransferEvent(agentId: string, isoWeek: string, result: Pick<PostResult, 'entryId' | 'deltaCents' | 'at'>): DomainEvent {
  const detail = proStoreTransferDetail.parse({
    eventId: proStoreIdempotencyKey(isoWeek, agentId),
    agentId,
    amount: centsToDollars(-result.deltaCents),
    amountCents: -result.deltaCents,
    isoWeek,
    ledgerEntryId: result.entryId,
    occurredAt: result.at,
  });
  return { id: detail.eventId, source: PRO_STORE_TRANSFER_SOURCE, detailType: PRO_STORE_TRANSFER_DETAIL_TYPE, time: detail.occurredAt, detail };
}

/** A counting semaphore: the job's agents in flight across every page being settled. */
interface Slots {
  take(): Promise<void>;
  give(): void;
}

function slots(limit: number): Slots {
  let free = Math.max(1, limit);
  const waiting: (() => void)[] = [];
  return {
    take: () => (free > 0 ? (free--, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve))),
    give: () => {
      const nextInLine = waiting.shift();
      if (nextInLine) nextInLine();
      else free++;
    },
  };
}

/**
 * `work` over the items, each holding one of the run's slots, results in input order. After a
 * failure (in this page or another) no new item starts; those in flight finish, as they would when a
 * Lambda dies, then the failure is thrown.
 */
async function mapBounded<T, R>(week: Week, items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results = await Promise.all(
    items.map(async (item) => {
      await week.slots.take();
      try {
        if (week.failure) return undefined;
        return { value: await work(item) };
      } catch (error) {
        week.failure ??= { error };
        return undefined;
      } finally {
        week.slots.give();
      }
    }),
  );
  if (week.failure) throw week.failure.error;
  return results.map((r) => r!.value);
}
