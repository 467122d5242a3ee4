// Gives the closure items written before My Team's sort copies (docs/data-model.md #24h) their copies
// and mark: for every agent with an upline, its Last Login, Priority and Credit Line onto each upline's
// closure item, in one transaction conditioned on the profile and balance as read (a sign-in or change
// in between fails it, and the agent is read again), so no copy is older than its value. Idempotent:
// run again, it rewrites the same values. Run by `npx tsx functions/core/backfill-team-copies.ts`.
import { readWholeDirectory } from '#core/agent-directory.ts';
import { rewriteCopies } from '#core/team-copies.ts';

const AT_ONCE = 8;

/** Backfills every agent's copies; answers how many agents and closure items it wrote. */
export async function backfillTeamCopies(opts: { onProgress?: (p: { agents: number; items: number }) => void } = {}): Promise<{ agents: number; items: number }> {
  const below = (await readWholeDirectory()).filter((p) => p.parentAgentId !== undefined).map((p) => p.agentId);
  const done = { agents: 0, items: 0 };
  let next = 0;
  const worker = async () => {
    while (next < below.length) {
      const written = await rewriteCopies(below[next++]!); // awaited first: `+= await` would add to a stale total
      done.items += written;
      done.agents++;
      opts.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return done;
}
