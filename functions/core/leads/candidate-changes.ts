// Following the lead engine's change log (data-model #37b) in a Lambda that decides leads. About once
// a second the last seconds of the log are read (in the background); each change not seen before
// drops what the Lambda kept of that order, agent or balance, so the next decision reads it again.
// While the log is followed, what was read after following began is current except for the changes of
// the last second or two, and the engine may rank on it for minutes instead of re-reading a state's
// thousands of open orders every few seconds. When the log cannot be read, nothing is vouched for and
// the engine falls back to its short keeping times.
import { CandidateChange, type CandidateChangeKind } from '#entities/candidate-change.ts';

/** How often the log is read again, at most. */
export const CHANGES_POLL_MS = 1_000;
/**
 * How far before the last successful read the next one starts: a writer's clock may run behind this
 * Lambda's and its transaction commits a moment after its `at`; both are far below this.
 */
const OVERLAP_MS = 10_000;
/** A last successful read older than this (the reads failing) no longer vouches for anything. */
const FOLLOWED_WITHIN_MS = 5_000;
/** Drops remembered this long: no read that started before one takes longer to come back. */
const DROPS_KEPT_MS = 60_000;

export type Dropper = (change: CandidateChange) => void;
/** Reads the changes made at or after an ISO time (the log's Query; a unit test passes its own). */
export type ChangeReader = (fromIso: string) => Promise<CandidateChange[]>;
const readLog: ChangeReader = (fromIso) => CandidateChange.query.since(fromIso).all();

export class ChangeFollower {
  /** When the first successful read started: what was read from then on is vouched for. */
  private followingSince: number | undefined;
  /** When the last successful read started. */
  private followedAt: number | undefined;
  private lastStart = 0;
  private reading: Promise<void> | undefined;
  /** Changes applied, by sort key, with their time (forgotten once older than the next read's start). */
  private readonly applied = new Map<string, number>();
  /** When each `{kind}:{id}` was last dropped. */
  private readonly dropped = new Map<string, number>();

  constructor(
    private readonly drop: Dropper,
    private readonly readChanges: ChangeReader = readLog,
  ) {}

  /** Starts a read of the log when the last one started CHANGES_POLL_MS ago and none is running; answers it. */
  poll(): Promise<void> {
    const now = Date.now();
    if (this.reading || now - this.lastStart < CHANGES_POLL_MS) return this.reading ?? Promise.resolve();
    return this.read(now);
  }

  /** Reads the log now, after any read running: every change committed before the call is applied when it resolves. */
  async pollNow(): Promise<void> {
    await this.reading;
    await this.read(Date.now());
  }

  private read(now: number): Promise<void> {
    this.lastStart = now;
    const from = (this.followedAt ?? now) - OVERLAP_MS;
    this.reading = this.readChanges(new Date(from).toISOString())
      .then((changes) => {
        for (const [key, at] of this.applied) if (at < from) this.applied.delete(key);
        for (const c of changes) {
          const key = `${c.at}#${c.kind}#${c.id}`;
          if (this.applied.has(key)) continue;
          this.applied.set(key, Date.parse(c.at));
          this.dropped.set(`${c.kind}:${c.id}`, Date.now());
          this.drop(c);
        }
        for (const [name, at] of this.dropped) if (Date.now() - at > DROPS_KEPT_MS) this.dropped.delete(name);
        this.followingSince ??= now;
        this.followedAt = now;
      })
      .catch(() => undefined)
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  /** A value whose read started at `readAt` is current but for the last second's changes: the log is followed and was since before it. */
  vouchesFor(readAt: number, now = Date.now()): boolean {
    return readAt >= this.vouchedFrom(now);
  }

  /** The earliest read start vouched for now (Infinity while the log is not followed). */
  vouchedFrom(now = Date.now()): number {
    return this.followingSince !== undefined && this.followedAt !== undefined && now - this.followedAt < FOLLOWED_WITHIN_MS ? this.followingSince : Infinity;
  }

  /** A read that started at `readAt` may be kept: no change to it was applied after the read started (it may hold the value from before). */
  mayKeep(kind: CandidateChangeKind, id: string, readAt: number): boolean {
    return (this.dropped.get(`${kind}:${id}`) ?? -Infinity) < readAt;
  }

  /** Forgets everything (tests that start from fresh reads). */
  reset(): void {
    this.followingSince = undefined;
    this.followedAt = undefined;
    this.lastStart = 0;
    this.reading = undefined;
    this.applied.clear();
    this.dropped.clear();
  }
}
