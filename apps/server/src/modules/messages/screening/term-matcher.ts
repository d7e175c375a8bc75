import type { TermLine } from '@funkeln/contracts/message-terms';
import { collapse, COMMA, normalizedWords, SENTENCE_END, stretched } from './normalize.js';

/** German endings a listed word may carry without a `*` (Idioten, Huren, Wichsers, Idiotin). */
const ENDINGS = ['', 'e', 'n', 'en', 's', 'es', 'er', 'ern', 'em', 'in', 'innen'];
/** `~` in a phrase: up to this many words, whatever they are. */
const GAP = 3;

interface Spelling {
  stem: string;
  forms: string[];
}
/** A word of a phrase: as written, and collapsed (compared only with stretched words: "minute" must not end in "nutte"). */
type Token = { gap: true } | { gap: false; plain: Spelling; collapsed: Spelling; head: boolean; tail: boolean };
export interface Term<K extends string> {
  kind: K;
  phrase: string;
  tokens: Token[];
}

function compileToken(raw: string): Token {
  if (raw === '~') return { gap: true };
  if (raw === SENTENCE_END || raw === COMMA) {
    const mark = { stem: raw, forms: [raw] };
    return { gap: false, plain: mark, collapsed: mark, head: false, tail: false };
  }
  const head = raw.startsWith('*');
  const tail = raw.endsWith('*');
  const [word = ''] = normalizedWords(raw.replace(/\*/gu, '')).filter((w) => w !== SENTENCE_END);
  const forms = ENDINGS.map((e) => word + e);
  return { gap: false, plain: { stem: word, forms }, collapsed: { stem: collapse(word), forms: [...new Set(forms.map(collapse))] }, head, tail };
}

function spellingHits({ stem, forms }: Spelling, head: boolean, tail: boolean, word: string): boolean {
  if (tail) return head ? word.includes(stem) : word.startsWith(stem);
  if (head) return forms.some((f) => word.endsWith(f));
  return forms.includes(word);
}

function tokenHits(token: Exclude<Token, { gap: true }>, word: string): boolean {
  if (spellingHits(token.plain, token.head, token.tail, word)) return true;
  return stretched(word) && spellingHits(token.collapsed, token.head, token.tail, collapse(word));
}

/**
 * Whether the phrase's tokens from `ti` on match the words from `wi` on. Each (ti, wi) is decided
 * once (`seen` holds the failures), so a phrase of many `~` costs tokens × words × GAP steps, not
 * GAP to the power of its gaps (red team, issue 57: ten `~` made one message take 14 s).
 */
function matchesAt(tokens: Token[], ti: number, words: string[], wi: number, seen: Set<number>, budget: StepBudget): boolean {
  if (ti === tokens.length) return true;
  if (--budget.left < 0) return false;
  const key = ti * (words.length + 1) + wi;
  if (seen.has(key)) return false;
  const token = tokens[ti]!;
  let hit = false;
  if (token.gap) {
    for (let skip = 0; !hit && skip <= GAP && wi + skip <= words.length; skip++) hit = matchesAt(tokens, ti + 1, words, wi + skip, seen, budget);
  } else {
    const word = words[wi];
    hit = word !== undefined && tokenHits(token, word) && matchesAt(tokens, ti + 1, words, wi + 1, seen, budget);
  }
  if (!hit) seen.add(key);
  return hit;
}

export function compileTerms<K extends string>(lines: readonly { kind: K; phrase: string }[]): Term<K>[] {
  return lines.map(({ kind, phrase }) => ({ kind, phrase, tokens: phrase.split(' ').map(compileToken) })).filter((t) => t.tokens.some((x) => !x.gap && x.plain.stem !== ''));
}

/**
 * How many matcher steps one message may cost, all its lists together. An admin's list of 500 lines
 * full of `~` and `*a` took a 2,000-character message 1-2 s of the event loop (red team, issue 57);
 * with the budget it stops at ~50 ms and the rest of the list is not tried (the built-in list comes
 * first and costs a fraction of it: bench:classifier's adversarial row).
 */
const MATCH_STEPS = 500_000;
export interface StepBudget {
  left: number;
}
export const stepBudget = (): StepBudget => ({ left: MATCH_STEPS });

/** The first term (in list order) found in the words; words on the allow list match nothing. */
export function findTerm<K extends string>(
  terms: readonly Term<K>[],
  words: readonly string[],
  allowed: ReadonlySet<string> = new Set(),
  budget: StepBudget = stepBudget(),
): Term<K> | undefined {
  const usable = words.map((w) => (allowed.has(w) ? '\u0000' : w));
  return terms.find((term) => {
    const seen = new Set<number>();
    return usable.some((_, wi) => matchesAt(term.tokens, 0, usable, wi, seen, budget));
  });
}

/** The allow list's words as the matcher compares them. */
export function allowedWords(lines: readonly TermLine[]): Set<string> {
  return new Set(lines.filter((l) => l.kind === 'allowed').flatMap((l) => normalizedWords(l.phrase)));
}
