import { describe, expect, it } from 'vitest';
import { errorBody, errorCatalogue, errorCodes, errorMessage, errorResponses, errorTables, messageMaps } from './errors.js';

const GERMAN = /[äöüßÄÖÜ]|\b(der|die|das|dein\w*|du|ist|nicht|bitte|gibt|es|ein\w*|zu|ungültig\w*|unbekannt\w*|gefunden)\b/i;
const ENGLISH = /\b(the|invalid|expected|must|request|not found|error|required)\b/i;

describe('error catalogue', () => {
  it('holds each code in exactly one domain table', () => {
    const all = Object.values(errorTables).flatMap((table) => Object.keys(table));
    expect(all.length).toBe(new Set(all).size);
    expect(new Set(all)).toEqual(new Set(errorCodes));
  });

  it('names each not-found subject and each rate limit once across the domains', () => {
    for (const maps of Object.values(messageMaps)) {
      const keys = maps.flatMap((m) => Object.keys(m));
      expect(keys.length).toBe(new Set(keys).size);
    }
  });

  it('gives every code a 4xx/5xx status and a non-empty German message for every variant', () => {
    const variants: Record<string, unknown[]> = {
      validation_error: [{ field: 'email', issue: 'Ungültige E-Mail-Adresse' }],
      weak_password: [{ advice: 'Wähle ein längeres Passwort.' }],
      unknown_setting: [{ key: 'X' }],
      invalid_setting: [{ key: 'X', issue: 'zu groß' }],
      insufficient_credits: [{ need: 3, have: 1 }],
      daily_limit: [{ perDay: 5 }],
      free_credits_limit: [{ freeCap: 20, left: 0 }],
      message_nudge: [{ reason: 'insult' }, { reason: 'threat' }, { reason: 'sexual' }],
      not_eligible: ['login_claimed', 'upload_photo_claimed', 'get_vote_claimed', 'no_photo', 'no_vote'].map((reason) => ({ reason })),
      not_found: [{}, ...messageMaps.notFound.flatMap((m) => Object.keys(m)).map((of) => ({ of }))],
      rate_limited: [{}, ...messageMaps.limits.flatMap((m) => Object.keys(m)).map((limit) => ({ limit }))],
    };
    for (const code of errorCodes) {
      const { status, message } = errorCatalogue[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      const texts = typeof message === 'string' ? [message] : (variants[code] ?? [{}]).map((p) => (message as (p: unknown) => string)(p));
      for (const text of texts) {
        expect(text.trim().length, code).toBeGreaterThan(0);
        expect(text, code).toMatch(GERMAN);
        expect(text, code).not.toMatch(ENGLISH);
      }
    }
    expect(new Set(Object.values(errorCatalogue).map((e) => typeof e.message === 'function'))).toEqual(new Set([true, false]));
  });

  it('builds messages from their parameters and picks variants', () => {
    expect(errorMessage('insufficient_credits', { need: 3, have: 1 })).toBe('Nicht genug Credits: Du brauchst 3, hast aber 1.');
    expect(errorMessage('not_found')).toBe('Nicht gefunden.');
    expect(errorMessage('not_found', { of: 'match' })).toBe('Dieses Match gibt es nicht.');
    expect(errorMessage('invalid_setting', { key: 'X', issue: '' })).toBe('Ungültiger Wert für X:');
    expect(errorMessage('unauthorized')).toBe('Bitte melde dich an.');
  });

  it('groups declared codes by status for a route, and the body accepts only catalogue codes', () => {
    const responses = errorResponses('not_found', 'already_voted', 'own_photo', 'bad_cursor');
    expect(Object.keys(responses).sort()).toEqual(['400', '404', '409']);
    expect(responses[400]?.meta()).toEqual({ 'x-error-codes': ['own_photo', 'bad_cursor'] });
    expect(errorBody.safeParse({ error: 'not_found', message: 'x' }).success).toBe(true);
    expect(errorBody.safeParse({ error: 'made_up', message: 'x' }).success).toBe(false);
  });
});
