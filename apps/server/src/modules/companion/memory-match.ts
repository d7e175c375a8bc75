import { stemmer } from '@orama/stemmers/german';
import { stopwords } from '@orama/stopwords/german';

/**
 * Which saved memory or earlier statement a question is about: both are reduced to the Snowball
 * stems of their content words (German stop words out), and a text matches when it shares most of
 * the question's stems. The answer part is what the text says beyond the question ("Bello" for
 * "Wie heißt mein Hund?" and "Mein Hund heißt Bello.").
 */

/** Words that only frame a question about what was said, and question words the stop-word list lacks. */
const FRAMING = [
  'erinnerst', 'erinnern', 'erinnere', 'weißt', 'wissen', 'weiß', 'gesagt', 'sagen', 'sag', 'erzählt', 'erzählen', 'gemerkt', 'merken',
  'merkst', 'nochmal', 'eigentlich', 'bitte', 'dass', 'denn', 'mal', 'kannst', 'wer', 'wann', 'warum', 'wieso', 'weshalb', 'woher', 'wohin',
  'wem', 'wen', 'wessen', 'welch',
];
/**
 * Stems that mean the same here: forms of "heißen" and "Name" ("Wie heißt mein Hund?" / "Mein Hund
 * namens Bruno"), and "gern" with its superlative "am liebsten".
 */
const SAME_MEANING: Record<string, string> = {
  heisst: 'nam',
  heiss: 'nam',
  hiess: 'nam',
  heissen: 'nam',
  gern: 'lieb',
  // "Was ist mein Beruf?" / "Ich arbeite als …", "Wo lebe ich?" / "Ich wohne in …", "Was magst du …" / "Ich mag …"
  beruf: 'arbeit',
  job: 'arbeit',
  leb: 'wohn',
  lebst: 'wohn',
  magst: 'mag',
  hobbys: 'hobby',
  hobbi: 'hobby',
};

const STOP = new Set([...stopwords, ...FRAMING].map((w) => w.toLowerCase()));
const STOP_STEMS = new Set([...STOP].map((w) => stemmer(w)));
const QUESTION_START = /^(wie|was|wo|wer|wann|welche[rnms]?|wem|wen|wessen|woher|wohin|warum|wieso|weshalb|erinnerst|weißt|weisst|kennst)\b/i;

interface Word {
  text: string;
  stem: string;
  content: boolean;
}

function words(text: string): Word[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((token) => {
    const lower = token.toLowerCase();
    const stem = stemmer(lower);
    return { text: token, stem: SAME_MEANING[stem] ?? stem, content: token.length > 1 && !STOP.has(lower) && !STOP_STEMS.has(stem) };
  });
}

const contentStems = (text: string) => new Set(words(text).filter((w) => w.content).map((w) => w.stem));

/** Whether the member asks something (a question mark, or a question word or recall verb first). */
export function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.endsWith('?') || QUESTION_START.test(trimmed);
}

/** How well a text answers the question: the share of the question's content stems it contains (0 to 1). */
export function matchScore(question: string, text: string): number {
  const asked = contentStems(question);
  if (asked.size === 0) return 0;
  const said = contentStems(text);
  const shared = [...asked].filter((s) => said.has(s)).length;
  // One shared stem of two ("Wie heißt meine Katze?" / "Mein Hund heißt Bello.") is not enough.
  const enough = shared / asked.size >= 2 / 3 || (shared >= 2 && shared / asked.size >= 1 / 2);
  return enough ? shared / asked.size : 0;
}

export interface Match {
  text: string;
  /** A saved memory, a fact learned in an earlier conversation, or a statement earlier in this one. */
  source: 'memory' | 'learned' | 'earlier';
  /** What the text says beyond the question, in its own words; empty when that is not a short phrase. */
  answer: string;
}

/** Prepositions that open the answer to a where/when question. */
const ANSWER_OPENERS: [RegExp, string[]][] = [
  [/^wo\b/i, ['in', 'im', 'bei', 'beim', 'auf', 'an', 'am', 'nach', 'aus']],
  [/^woher\b/i, ['aus', 'von', 'vom']],
  [/^wohin\b/i, ['nach', 'in', 'ins', 'zu', 'zum', 'zur']],
  [/^wann\b/i, ['am', 'um', 'im', 'seit', 'ab']],
];

/**
 * The answer part: for where/when the phrase after its preposition, otherwise the new content words
 * when they stand together (at most four); scattered words would not read as an answer.
 */
export function answerPart(question: string, text: string): string {
  const asked = new Set(words(question).map((w) => w.stem));
  const all = words(text);
  const isNew = (w: Word) => w.content && !asked.has(w.stem);
  const openers = ANSWER_OPENERS.find(([test]) => test.test(question.trim()))?.[1];
  if (openers) {
    const at = all.findIndex((w, i) => openers.includes(w.text.toLowerCase()) && all.slice(i + 1, i + 4).some(isNew));
    if (at >= 0) {
      const end = all.findIndex((w, i) => i > at && isNew(w) && !all[i + 1]?.content);
      return all.slice(at, (end >= 0 ? end : at + 3) + 1).map((w) => w.text).join(' ');
    }
  }
  const fresh = all.flatMap((w, i) => (isNew(w) ? [i] : []));
  const together = fresh.length > 0 && fresh.length <= 4 && fresh.at(-1)! - fresh[0]! === fresh.length - 1;
  return together ? fresh.map((i) => all[i]!.text).join(' ') : '';
}

/**
 * The memory, learned fact or earlier statement the question is about, if one matches well enough:
 * the best score wins; on a tie a memory before an earlier statement of this conversation (a fact
 * said here is learned too) before a learned fact, and the newer before the older.
 */
export function bestMatch(question: string, memories: readonly string[], earlier: readonly string[], learned: readonly string[] = []): Match | undefined {
  const candidates = [
    ...memories.map((text) => ({ text, source: 'memory' as const })),
    ...[...earlier].reverse().filter((text) => !isQuestion(text)).map((text) => ({ text, source: 'earlier' as const })),
    ...[...learned].reverse().map((text) => ({ text, source: 'learned' as const })),
  ];
  let best: { text: string; source: Match['source']; score: number } | undefined;
  for (const c of candidates) {
    const score = matchScore(question, c.text);
    if (score > (best?.score ?? 0)) best = { ...c, score };
  }
  return best && { text: best.text, source: best.source, answer: answerPart(question, best.text) };
}
