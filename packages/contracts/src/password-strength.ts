import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as germanDictionary, translations } from '@zxcvbn-ts/language-de';

/**
 * zxcvbn's score 3 means "more than 10^8 guesses": safe against a slow-hash (argon2id) attack on a
 * leaked database, not only against throttled online guessing (score 2). Common and breached
 * passwords, keyboard walks, dates and the member's own name or address all score below it.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The rating runs on the server's event loop, so its cost is bounded: only the first 32 characters
 * are rated (a password whose start is strong is strong), l33t variants are tried for at most 20
 * substitutions, and Levenshtein matching stays off. Random 32-character input then takes a few ms
 * instead of a few hundred.
 */
const RATED_LENGTH = 32;

export const WEAK_PASSWORD = 'Dieses Passwort ist zu leicht zu erraten.';
const FALLBACK_TIP = 'Nimm mehrere ungewöhnliche Wörter, Zahlen oder Zeichen.';

export interface PasswordRating {
  score: number;
  strong: boolean;
  /** German: why the password is weak and what would help; null when it is strong. */
  advice: string | null;
}

let zxcvbn: ZxcvbnFactory | undefined;

/** Words zxcvbn should treat as known to an attacker: the address, its parts and the display name. */
function personalWords(inputs: readonly string[]): string[] {
  const words = inputs.flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words.map((w) => w.toLowerCase()).filter((w) => w.length >= 3))];
}

/** Rates a password with the common, breached and German dictionaries (offline, same rule in server and browser). */
export function ratePassword(password: string, personal: readonly string[]): PasswordRating {
  zxcvbn ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...germanDictionary },
    l33tMaxSubstitutions: 20,
  });
  const result = zxcvbn.check(password.slice(0, RATED_LENGTH), personalWords(personal));
  const strong = result.score >= MIN_PASSWORD_SCORE;
  if (strong) return { score: result.score, strong, advice: null };
  const { warning, suggestions } = result.feedback;
  const advice = [WEAK_PASSWORD, warning, suggestions[0] ?? FALLBACK_TIP].filter(Boolean).join(' ');
  return { score: result.score, strong, advice };
}
