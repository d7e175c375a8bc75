import { compileTerms, findTerm, type Term } from './term-matcher.js';
import { foldText, normalizedWords } from './normalize.js';
import { findIbans } from './iban.js';
import { CONTACT_TERMS, MONEY_TERMS } from './scam-terms.js';

/** The hint a recipient sees with a message: it asks for money (at every point), or moves off Funkeln (early on). */
export type ScamHint = 'money' | 'contact';
/** What a message carries that, sent by one member to many, the team should hear of. */
export type PatternKind = 'phone' | 'iban' | 'link' | 'email' | 'text';
export interface Pattern {
  kind: PatternKind;
  value: string;
}

const plainTerms = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const money: Term<'money'>[] = compileTerms(plainTerms(MONEY_TERMS).map((phrase) => ({ kind: 'money' as const, phrase })));
const contact: Term<'contact'>[] = compileTerms(plainTerms(CONTACT_TERMS).map((phrase) => ({ kind: 'contact' as const, phrase })));

/** +49 170 1234567, 0049-170/1234567, (0170) 123 45 67, 0 1 7 0 ...: 9 to 15 digits from a + or a leading 0. */
const PHONE = /(?<![\p{L}\p{N}])(?:\+|00|\(0|0)(?:[\s\-/().]{0,2}\d){8,16}/gu;
const DOT = String.raw`\s*(?:\.|\(punkt\)|\[punkt\]|\(dot\)|\[dot\]|\spunkt\s|\sdot\s)\s*`;
const EMAIL = new RegExp(String.raw`[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\]|\{at\}|\sat\s)\s*[\p{L}\p{N}-]+(?:${DOT}[\p{L}\p{N}-]+)*${DOT}[a-z]{2,12}(?![\p{L}])`, 'giu');
const TLDS = 'de|com|net|org|io|me|ly|at|ch|info|app|link|xyz|ru|eu|co|gg|to|tk|ml|shop|online|site|biz|vip|cc';
const LINK = new RegExp(String.raw`https?://[^\s]+|www\s*\.\s*[^\s]+|\b(?:t|wa)\.me/[^\s]*|\b[\p{L}\p{N}-]{2,}(?:\.[\p{L}\p{N}-]+)*\.(?:${TLDS})(?![\p{L}\p{N}])(?:/[^\s]*)?`, 'giu');
/** A text sent to many counts as a pattern only from this many letters on: short openers ("Hallo, wie geht's?") are everyone's. */
const TEXT_PATTERN_MIN = 80;

function phones(text: string): string[] {
  return [...text.matchAll(PHONE)].flatMap((m) => {
    const digits = m[0].replace(/\D/gu, '');
    if (digits.length < 9 || digits.length > 15) return [];
    // One number however written: +49 / 0049 / 0 are the same German number.
    const international = m[0].trimStart().startsWith('+') ? `00${digits}` : digits;
    return [international.replace(/^0049/u, '0')];
  });
}

const emails = (folded: string) =>
  [...folded.matchAll(EMAIL)].map((m) =>
    m[0]
      .replace(/\s*(?:\(at\)|\[at\]|\{at\}|\sat\s)\s*/u, '@')
      .replace(/\s*(?:\(punkt\)|\[punkt\]|\(dot\)|\[dot\]|\spunkt\s|\sdot\s)\s*/gu, '.')
      .replace(/\s+/gu, ''),
  );
const links = (folded: string, mails: string[]) =>
  [...folded.matchAll(LINK)]
    .map((m) => m[0].replace(/^https?:\/\//u, '').replace(/^www\s*\.\s*/u, '').replace(/[)\].,!?]+$/u, ''))
    .filter((l) => !mails.some((mail) => mail.endsWith(l.split('/')[0] ?? l)));

/** What a message carries: the hint for its recipient (before "early" is decided) and the patterns to count. */
export function detectScam(text: string): { hint: ScamHint | null; offPlatform: boolean; patterns: Pattern[] } {
  const folded = foldText(text);
  const words = normalizedWords(text);
  const ibans = findIbans(text);
  const mailList = emails(folded);
  // The digits of an IBAN are no phone number ("DE89 3704 0044 ...").
  const phoneList = phones(folded).filter((p) => !ibans.some((iban) => iban.includes(p.replace(/^0/u, ''))));
  const linkList = links(folded, mailList);
  const asksMoney = ibans.length > 0 || findTerm(money, words) !== undefined;
  const offPlatform = phoneList.length + mailList.length + linkList.length > 0 || findTerm(contact, words) !== undefined;
  const letters = words.filter((w) => /\p{L}/u.test(w)).join(' ');
  const patterns: Pattern[] = [
    ...phoneList.map((value) => ({ kind: 'phone' as const, value })),
    ...ibans.map((value) => ({ kind: 'iban' as const, value })),
    ...linkList.map((value) => ({ kind: 'link' as const, value })),
    ...mailList.map((value) => ({ kind: 'email' as const, value })),
    ...(letters.length >= TEXT_PATTERN_MIN ? [{ kind: 'text' as const, value: letters }] : []),
  ];
  return { hint: asksMoney ? 'money' : offPlatform ? 'contact' : null, offPlatform, patterns: dedupe(patterns) };
}

function dedupe(patterns: Pattern[]): Pattern[] {
  const seen = new Set<string>();
  return patterns.filter((p) => {
    const key = `${p.kind}\n${p.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
