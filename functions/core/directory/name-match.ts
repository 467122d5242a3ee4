// How the transfer dialog's agent search matches a typed term against an agent's names and id (spec
// part 1 §5: "by fuzzy or case-insensitive match"): case-insensitive prefixes of the first name, the
// last name or the agent id, or, for words of FUZZY_MIN_LENGTH+ letters, a prefix within one typing
// slip (a letter wrong, missing, extra, or two letters swapped). Pure, so the rules are unit tested.

/** Shorter words are matched exactly: one slip in three letters matches too much of a directory. */
export const FUZZY_MIN_LENGTH = 4;

export interface NamedAgent {
  agentId: string;
  firstName: string;
  lastName: string;
}

/** 0: every word is a prefix; 1: a word matched only within one slip; undefined: no match. */
export type MatchRank = 0 | 1;

/** Whether `a` becomes `b` with at most one substitution, insertion, deletion or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** How `word` (lower-case) matches `name`: as a prefix (0), a prefix within one slip (1), or not. */
function wordRank(word: string, name: string): MatchRank | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith(word)) return 0;
  if (word.length < FUZZY_MIN_LENGTH) return undefined;
  // The typed word against the name's prefixes one shorter, as long and one longer: 'captve' is one
  // slip from 'captive', 'carlso' from 'carlos'.
  for (const length of [word.length - 1, word.length, word.length + 1]) if (withinOneEdit(word, lower.slice(0, length))) return 1;
  return undefined;
}

const worst = (...ranks: (MatchRank | undefined)[]): MatchRank | undefined =>
  ranks.includes(undefined) ? undefined : (Math.max(...(ranks as MatchRank[])) as MatchRank);
const best = (...ranks: (MatchRank | undefined)[]): MatchRank | undefined => {
  const found = ranks.filter((r): r is MatchRank => r !== undefined);
  return found.length > 0 ? (Math.min(...found) as MatchRank) : undefined;
};

/** The words of a typed term, lower-case; commas and blanks separate them. */
export const termWords = (term: string): string[] => term.trim().toLowerCase().split(/[\s,]+/).filter(Boolean);

/**
 * How an agent matches the term's words: one word against the first name, the last name or the agent
 * id (ids only by exact prefix); two words as "first last" or "last first". More words match nothing.
 */
export function matchRank(agent: NamedAgent, words: readonly string[]): MatchRank | undefined {
  const [first, second] = words;
  if (first === undefined || words.length > 2) return undefined;
  if (second === undefined)
    return best(wordRank(first, agent.firstName), wordRank(first, agent.lastName), agent.agentId.toLowerCase().startsWith(first) ? 0 : undefined);
  return best(
    worst(wordRank(first, agent.firstName), wordRank(second, agent.lastName)),
    worst(wordRank(first, agent.lastName), wordRank(second, agent.firstName)),
  );
}
