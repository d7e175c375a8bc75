/**
 * Text -> the words the classifier compares (pure). Undoes what people do to slip past a word
 * list: NFKC (full-width and styled letters), invisible characters, Cyrillic and Greek lookalikes,
 * case, umlauts (ä and ae are one), accents, leetspeak inside words (1d10t), separators between
 * letters (i.d.i.o.t, f o t z e); stretched words (iiidiooot) are compared collapsed by the matcher.
 * The same steps run over the list's own words.
 */

/** Invisible characters (combining ones, like U+034F, go with the accents below). */
const INVISIBLE = /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF]/gu;

const LOOKALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
};
const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const LEET: Record<string, string> = { '4': 'a', '@': 'a', '3': 'e', '€': 'e', '1': 'i', '!': 'i', '|': 'i', '0': 'o', '$': 's', '5': 's', '7': 't' };
/** Between single letters these are separators: "i.d.i.o.t", "f-o-t-z-e". */
const SPACED = /^(?:\p{L}[._\-*+~·•/\\:,]+)+\p{L}$/u;
/** Punctuation around a chunk is not part of its word ("Idiot!!!" is "idiot", not "idioti"). */
const EDGES = /^[^\p{L}\p{N}@$€|]+|[^\p{L}\p{N}]+$/gu;

/** Folds case, lookalikes, umlauts and accents; keeps other characters. */
export function foldText(text: string): string {
  const lowered = text.normalize('NFKC').replace(INVISIBLE, '').toLocaleLowerCase('de');
  const mapped = Array.from(lowered, (ch) => LOOKALIKES[ch] ?? UMLAUTS[ch] ?? ch).join('');
  return mapped.normalize('NFD').replace(/\p{M}/gu, '');
}

/** One word with repeated letters collapsed ("misssgeburt" and "missgeburt" are "misgeburt"). */
export const collapse = (word: string): string => word.replace(/(.)\1+/gu, '$1');
/** A word stretched on purpose: a letter three times or more ("Huuure"); only such words are compared collapsed. */
export const stretched = (word: string): boolean => /(.)\1\1/u.test(word);

/** `1`, `!` and `|` stand for i or for l: "sch1ampe". */
type One = 'i' | 'l';
const ONES = new Set(['1', '!', '|']);

function chunkWords(chunk: string, one: One): string[] {
  const trimmed = chunk.replace(EDGES, '');
  if (!/\p{L}/u.test(trimmed)) return [];
  const unleet = Array.from(trimmed, (ch) => (ONES.has(ch) ? one : (LEET[ch] ?? ch))).join('');
  if (SPACED.test(unleet)) return [unleet.replace(/[^\p{L}]/gu, '')];
  return unleet.split(/[^\p{L}\p{N}]+/u).filter((w) => /\p{L}/u.test(w));
}

/** Runs of three or more single letters are one spaced-out word ("f o t z e" -> fotze). */
function joinSpacedLetters(words: string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 3) out.push(run.join(''));
    else out.push(...run);
    run = [];
  };
  for (const w of words) {
    if (/^\p{L}$/u.test(w)) run.push(w);
    else {
      flush();
      out.push(w);
    }
  }
  flush();
  return out;
}

/** Marks in the word list where a sentence ended or a comma stood: "ich bring dich um." is not "ich bring dich um 8 nach Hause". */
export const SENTENCE_END = '.';
export const COMMA = ',';

function marksAfter(chunk: string): string[] {
  if (/[.!?;…]\W*$/u.test(chunk)) return [SENTENCE_END];
  return /,\W*$/u.test(chunk) ? [COMMA] : [];
}

/** The text's word lists to compare: a second one reading 1, ! and | as l where the text has them. */
export function wordVariants(text: string): string[][] {
  const first = normalizedWords(text);
  return /\p{L}[1!|]|[1!|]\p{L}/u.test(text) ? [first, normalizedWords(text, 'l')] : [first];
}

/** The words of a text as the classifier compares them, with sentence and comma marks; the text ends a sentence. */
export function normalizedWords(text: string, one: One = 'i'): string[] {
  const chunks = foldText(text).split(/\s+/u);
  const words = chunks.flatMap((chunk) => {
    const found = chunkWords(chunk, one);
    // A number is a word ("um 8"), written as 0: it only keeps phrases from reading across it.
    const number = found.length === 0 && /\d/u.test(chunk) ? ['0'] : [];
    return [...found, ...number, ...marksAfter(chunk)];
  });
  const joined = joinSpacedLetters(words);
  return joined.at(-1) === SENTENCE_END ? joined : [...joined, SENTENCE_END];
}
