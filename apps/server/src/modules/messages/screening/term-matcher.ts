import type { TermLine } from '@funkeln/contracts/message-terms';
import { collapse, COMMA, normalizedWords, SENTENCE_END, stretched } from './normalize.js';

/** German endings a listed word may carry without a `*` (Idioten, Huren, Wichsers, Idiotin). */
const ENDINGS = ['', 'e', 'n', 'en', 's', 'es', 'er', 'ern', 'em', 'in', 'innen'];
/** `~` in a phrase: up to this many words of any kind. */
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

/** Whether the phrase's tokens from `ti` on match the words from `wi` on. */
function matchesAt(tokens: Token[], ti: number, words: string[], wi: number): boolean {
  if (ti === tokens.length) return true;
  const token = tokens[ti]!;
  if (token.gap) {
    for (let skip = 0; skip <= GAP && wi + skip <= words.length; skip++) if (matchesAt(tokens, ti + 1, words, wi + skip)) return true;
    return false;
  }
  const word = words[wi];
  return word !== undefined && tokenHits(token, word) && matchesAt(tokens, ti + 1, words, wi + 1);
}

export function compileTerms<K extends string>(lines: readonly { kind: K; phrase: string }[]): Term<K>[] {
  return lines.map(({ kind, phrase }) => ({ kind, phrase, tokens: phrase.split(' ').map(compileToken) })).filter((t) => t.tokens.some((x) => !x.gap && x.plain.stem !== ''));
}

/** The first term (in list order) found in the words; words on the allow list match nothing. */
export function findTerm<K extends string>(terms: readonly Term<K>[], words: readonly string[], allowed: ReadonlySet<string> = new Set()): Term<K> | undefined {
  const usable = words.map((w) => (allowed.has(w) ? '\u0000' : w));
  return terms.find((term) => usable.some((_, wi) => matchesAt(term.tokens, 0, usable, wi)));
}

/** The allow list's words as the matcher compares them. */
export function allowedWords(lines: readonly TermLine[]): Set<string> {
  return new Set(lines.filter((l) => l.kind === 'allowed').flatMap((l) => normalizedWords(l.phrase)));
}
