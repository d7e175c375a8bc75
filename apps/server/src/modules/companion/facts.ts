/**
 * What a member tells the Digital Friend about herself, learned from her own messages so that it
 * knows it in her next conversations ("Mein Hund heißt Krümel." -> asked later "Wie heißt mein
 * Hund?"). Only plain statements that open a sentence with one of the German patterns below count;
 * questions, quotes, reported speech ("Er sagt, ich heiße …") and long or odd values are skipped.
 * A fact is rewritten in a fixed form, so what reaches a model's prompt is short and plain text.
 */

export interface Fact {
  /** Which thing it says (one per member): 'name', 'wohnort', 'heisst:hund', 'mag:sushi'. */
  key: string;
  /** In the member's words, first person: "Mein Hund heißt Krümel." */
  content: string;
  /** Said back to her: "Dein Hund heißt Krümel". */
  echo: string;
  /** The thing itself ("Krümel", "Leipzig", "Sushi"): once the fact is deleted, no turn naming it is read again. */
  value: string;
}

export const MAX_FACTS = 30;
export const MAX_FACTS_PER_MESSAGE = 3;
export const MAX_FACT_LENGTH = 120;
const MAX_SENTENCES = 20;

const fold = (text: string) => text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const yours = (possessive: string) => (possessive.toLowerCase() === 'meine' ? 'Deine' : 'Dein');

/** A name or a place: one to three words of letters (hyphen, apostrophe), no negation. */
const NAME = /^\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*){0,2}$/u;
/** A liking, a hobby, a job: up to eight words of letters and digits, lists with commas and "und". */
const PHRASE = /^\p{L}[\p{L}\p{N}'’-]*(?:,? [\p{L}\p{N}&'’-]+){0,7}$/u;
const NEGATION = /(?:^|\s)(nicht|nie|niemals|mehr)(?:$|\s|,)/i;
const NEGATED_AMOUNT = /(?:^|\s)kein\p{L}*/iu;
/** Words that do not begin a name, a place or a liking ("Ich lebe in einer WG", "Ich mag dich"). */
const NOT_A_START = new Set(['es', 'dich', 'dir', 'euch', 'ihn', 'ihm', 'sie', 'mich', 'uns', 'einer', 'einem', 'einen', 'eine', 'ein', 'der', 'dem', 'den', 'die', 'das']);
/** Where a clause ends that is no longer the fact: ", aber …", ", weil …". */
const CLAUSE_END = /,\s*(aber|weil|denn|doch|obwohl|dass|wenn|und ich|und mein\w*|der|die|das)\b.*$/i;

/** The fact's value, cut at the clause's end, or undefined when it is not of its shape (a name ends at ", " or " und "). */
function value(raw: string, shape: RegExp, allowKein = false): string | undefined {
  const cut = shape === NAME ? raw.split(/,| und | aber | weil /i)[0]! : raw.replace(CLAUSE_END, '');
  const v = cut.replace(/\s+/g, ' ').trim();
  if (!v || v.length > 60 || !shape.test(v) || NEGATION.test(v) || (!allowKein && NEGATED_AMOUNT.test(v))) return undefined;
  return NOT_A_START.has(v.split(/[ ,]/)[0]!.toLowerCase()) ? undefined : v;
}

type Rule = { test: RegExp; fact: (m: RegExpMatchArray) => Fact | undefined };

const ADVERB = '(?:(?:jetzt|inzwischen|mittlerweile|seit kurzem|seit \\d{4}|seit \\d+ jahren) )?';

const rules: Rule[] = [
  {
    test: /^(?:ich heiße|ich heisse|mein name ist) (.+)$/i,
    fact: (m) => {
      const v = value(m[1]!, NAME);
      return v ? { key: 'name', content: `Ich heiße ${capital(v)}.`, echo: `Du heißt ${capital(v)}`, value: capital(v) } : undefined;
    },
  },
  {
    test: new RegExp(`^ich (?:wohne|lebe) ${ADVERB}(in|im|bei|nahe) (.+)$`, 'i'),
    fact: (m) => {
      const v = value(m[2]!, NAME);
      const at = m[1]!.toLowerCase();
      return v ? { key: 'wohnort', content: `Ich wohne ${at} ${capital(v)}.`, echo: `Du wohnst ${at} ${capital(v)}`, value: capital(v) } : undefined;
    },
  },
  {
    test: /^ich (?:komme|stamme) (?:ursprünglich )?aus (.+)$/i,
    fact: (m) => {
      const v = value(m[1]!, NAME);
      return v ? { key: 'herkunft', content: `Ich komme aus ${capital(v)}.`, echo: `Du kommst aus ${capital(v)}`, value: capital(v) } : undefined;
    },
  },
  {
    test: new RegExp(`^ich arbeite ${ADVERB}als (.+)$`, 'i'),
    fact: (m) => {
      const v = value(m[1]!, PHRASE);
      return v ? { key: 'beruf', content: `Ich arbeite als ${v}.`, echo: `Du arbeitest als ${v}`, value: v } : undefined;
    },
  },
  {
    // "Mein Hund heißt Krümel", "Meine Schwester heißt Ida", "Mein Kater namens Felix"
    test: /^(mein|meine) (\p{L}+) (?:heißt|heisst|namens) (.+)$/iu,
    fact: (m) => pet(m[1]!, m[2]!, m[3]!),
  },
  {
    // "Ich habe einen Hund namens Krümel", "Ich habe eine Katze, die Mia heißt"
    test: /^ich (?:habe|hab) (einen|eine|ein) (\p{L}+)(?: namens (.+)|, (?:der|die|das) (.+) (?:heißt|heisst))$/iu,
    fact: (m) => pet(m[1] === 'eine' ? 'meine' : 'mein', m[2]!, m[3] ?? m[4]!),
  },
  {
    test: /^(mein|meine) (lieblings\p{L}+) (?:ist|sind) (.+)$/iu,
    fact: (m) => {
      const v = value(m[3]!, PHRASE);
      const thing = capital(m[2]!.toLowerCase());
      return v ? { key: `lieblings:${fold(thing)}`, content: `${capital(m[1]!.toLowerCase())} ${thing} ist ${v}.`, echo: `${yours(m[1]!)} ${thing} ist ${v}`, value: v } : undefined;
    },
  },
  {
    test: /^(?:mein hobby ist|meine hobbys sind|meine hobbies sind|in meiner freizeit mag ich) (.+)$/i,
    fact: (m) => {
      const v = value(m[1]!, PHRASE);
      return v ? { key: `hobby:${fold(v)}`, content: `Meine Hobbys: ${v}.`, echo: `Deine Hobbys: ${v}`, value: v } : undefined;
    },
  },
  {
    test: /^ich (mag|liebe) (.+)$/i,
    fact: (m) => {
      const v = value(m[2]!, PHRASE, true);
      const verb = m[1]!.toLowerCase();
      return v ? { key: `mag:${fold(v)}`, content: `Ich ${verb} ${v}.`, echo: `Du ${verb === 'mag' ? 'magst' : 'liebst'} ${v}`, value: v } : undefined;
    },
  },
];

function pet(possessive: string, thing: string, name: string): Fact | undefined {
  const v = value(name, NAME);
  if (!v || !/^\p{Lu}/u.test(thing) || fold(thing) === 'name') return undefined;
  const own = capital(possessive.toLowerCase());
  return { key: `heisst:${fold(thing)}`, content: `${own} ${thing} heißt ${capital(v)}.`, echo: `${yours(possessive)} ${thing} heißt ${capital(v)}`, value: capital(v) };
}

/** Plain statements: sentences ending in '.', '!' or the text's end; none with a quote, colon or question mark. */
function statements(text: string): string[] {
  const sentences = text.match(/[^.!?\n]+[.!?]*/g) ?? [];
  return sentences
    .slice(0, MAX_SENTENCES)
    .filter((s) => !s.includes('?') && !/["„“”«»:]/.test(s))
    .map((s) => s.replace(/[.!]+$/, '').trim());
}

/** The facts a member's own message states about her, at most MAX_FACTS_PER_MESSAGE, each key once. */
export function extractFacts(message: string): Fact[] {
  const found = new Map<string, Fact>();
  for (const sentence of statements(message)) {
    for (const rule of rules) {
      const m = sentence.match(rule.test);
      const fact = m && rule.fact(m);
      if (fact && fact.content.length <= MAX_FACT_LENGTH && fact.key.length <= 80) {
        found.set(fact.key, fact);
        break;
      }
    }
    if (found.size >= MAX_FACTS_PER_MESSAGE) break;
  }
  return [...found.values()];
}

/** Whether `text` names `value` as a whole word (ignoring case): "krümel" in "Wie geht es Krümel?", not in "Krümelkuchen". */
function names(text: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/**
 * The conversation's turns without those that could carry a fact she no longer has (she deleted it,
 * or a newer statement replaced it): the turn that stated it, the companion's reply to that turn,
 * and every other turn, hers or its, that names the thing ("Wie heißt mein Hund?" answered
 * "Krümel"). A deleted fact is not read again, not even in the conversation where she said it.
 * `kept` are the contents of her facts.
 */
export function withoutForgotten<T extends { role: 'user' | 'assistant'; content: string }>(turns: readonly T[], kept: readonly string[]): T[] {
  const forgotten = new Set<string>();
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    for (const f of extractFacts(turn.content)) {
      // "Sushi und lange Spaziergänge": each thing of a list on its own
      if (!kept.includes(f.content)) for (const part of f.value.split(/,\s*| und | oder /)) if (part.trim().length >= 3) forgotten.add(part.trim());
    }
  }
  if (forgotten.size === 0) return [...turns];
  const out: T[] = [];
  let dropReply = false;
  for (const turn of turns) {
    const mentions = [...forgotten].some((v) => names(turn.content, v));
    if (turn.role === 'assistant') {
      if (!dropReply && !mentions) out.push(turn);
      dropReply = false;
      continue;
    }
    dropReply = mentions;
    if (!dropReply) out.push(turn);
  }
  return out;
}
