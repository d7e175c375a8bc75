import { stopwords } from '@orama/stopwords/german';
import type { Fact } from './facts.js';

/**
 * How the embedded engine answers what was said rather than with a canned line: it names the things
 * the member wrote about (German nouns are capitalised), notices how she feels, and says back what it
 * learned about her.
 */

const STOP = new Set(stopwords.map((w) => w.toLowerCase()));
/** Capitalised words that open a sentence without being its subject. */
const OPENERS = new Set(['heute', 'gestern', 'morgen', 'jetzt', 'dann', 'also', 'naja', 'ja', 'nein', 'ok', 'okay', 'danke', 'hallo', 'hey', 'hi', 'leider', 'vielleicht', 'irgendwie', 'eigentlich', 'manchmal', 'immer', 'oft']);

/** The things a statement is about: its nouns (capitalised, not a stop word), in order. */
export function topics(text: string): string[] {
  const found: string[] = [];
  for (const sentence of text.split(/[.!?\n]+/)) {
    const words = sentence.match(/[\p{L}][\p{L}-]*/gu) ?? [];
    words.forEach((word, i) => {
      const lower = word.toLowerCase();
      if (!/^\p{Lu}/u.test(word) || word.length < 3 || STOP.has(lower) || (i === 0 && OPENERS.has(lower))) return;
      // The first word is capitalised anyway: a noun only when no other word of the sentence is one.
      if (i === 0 && words.slice(1).some((w) => /^\p{Lu}/u.test(w) && !STOP.has(w.toLowerCase()))) return;
      if (!found.includes(word)) found.push(word);
    });
  }
  return found;
}

export const quoted = (words: string[]) => words.map((w) => `„${w}“`).join(' und ');

const FEELINGS: { test: RegExp; say: string }[] = [
  { test: /(traurig|enttaeuscht|einsam|allein|frustriert|genervt|nervt|stress|schlecht|muede|verletzt|wuetend|aergert|schade)/, say: 'Das klingt nicht leicht – danke, dass du es mir erzählst.' },
  { test: /(freue|freu mich|gluecklich|toll|super|schoen|grossartig|gut gelaufen|geklappt|verliebt|aufgeregt vor freude)/, say: 'Das klingt schön – ich freue mich mit dir!' },
];

/** A sentence on how the member seems to feel (folded text), if the words say so. */
export function feeling(folded: string): string | undefined {
  return FEELINGS.find((f) => f.test.test(folded))?.say;
}

/** What follows a learned fact, by its kind (the key's part before ':'). */
const FOLLOW_UP: Record<string, string> = {
  name: 'Schön, dich kennenzulernen!',
  wohnort: 'Was gefällt dir dort am besten? Ein Lieblingsort dort wäre auch eine schöne Date-Idee.',
  herkunft: 'Was vermisst du von dort am meisten?',
  beruf: 'Was magst du an deiner Arbeit? Ein Satz dazu macht dein Profil greifbar.',
  heisst: 'Wie schön! Solche Details machen dein Profil persönlich – erzähl gern mehr.',
  lieblings: 'Das wäre ein guter Aufhänger für eine erste Nachricht.',
  hobby: 'Daraus lässt sich eine schöne Date-Idee machen. Wie bist du dazu gekommen?',
  mag: 'Gut zu wissen! Gemeinsame Vorlieben sind oft der leichteste Gesprächsstart.',
};

/** Says back what the member's message told it about her, that it keeps it, and where she can delete it. */
export function acknowledge(learned: Fact[]): string {
  const said = learned.map((f) => `${f.echo}.`).join(' ');
  const follow = FOLLOW_UP[learned.at(-1)!.key.split(':')[0]!] ?? '';
  return `Danke, das merke ich mir: ${said} ${follow} (Du findest es unter „Gespeicherte Erinnerungen“ und kannst es dort jederzeit löschen.)`;
}
