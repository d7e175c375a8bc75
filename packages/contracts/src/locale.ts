import { z } from 'zod';
import { de } from 'zod/locales';
import { plural } from './plural.js';

/** Plain German for the types zod's German locale names in English ('erwartet string, erhalten undefined'). */
const typeNames: Readonly<Record<string, string>> = {
  string: 'ein Text',
  number: 'eine Zahl',
  int: 'eine ganze Zahl',
  bigint: 'eine ganze Zahl',
  boolean: 'ja oder nein',
  array: 'eine Liste',
  object: 'ein Objekt',
  date: 'ein Datum',
};

/** What a length or size bound counts, by the checked value's kind: [one, other]. */
const units: Readonly<Record<string, readonly [string, string]>> = {
  string: ['Zeichen', 'Zeichen'],
  array: ['Eintrag', 'Einträge'],
  set: ['Eintrag', 'Einträge'],
  file: ['Byte', 'Bytes'],
};

/** A bound as a member reads it: 'Mindestens 8 Zeichen.', 'Höchstens 1 Eintrag.', 'Mehr als 0.'. */
function bound(word: string, limit: number | bigint, origin: string): string {
  const unit = units[origin];
  if (unit === undefined) return `${word} ${limit}.`;
  return `${word} ${limit} ${plural(Number(limit), unit[0], unit[1])}.`;
}

/**
 * A missing value, one of the wrong type and a value out of bounds, said plainly (the locale says
 * 'erwartet string, erhalten undefined'); every other issue keeps the locale's sentence, and a
 * schema's own message always wins.
 */
function plainIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Angabe fehlt.';
      const expected = typeNames[issue.expected];
      return expected === undefined ? undefined : `Hier wird ${expected} erwartet.`;
    }
    case 'too_small':
      return bound(issue.exact ? 'Genau' : issue.inclusive === false ? 'Mehr als' : 'Mindestens', issue.minimum, issue.origin);
    case 'too_big':
      return bound(issue.exact ? 'Genau' : issue.inclusive === false ? 'Weniger als' : 'Höchstens', issue.maximum, issue.origin);
    default:
      return undefined;
  }
}

/** Zod's default messages in German, on server and client alike (spec 5: generic defaults). */
export function useGermanValidationMessages(): void {
  z.config({ ...de(), customError: plainIssue });
}
