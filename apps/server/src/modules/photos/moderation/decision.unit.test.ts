import { settingDefinitions } from '@funkeln/contracts/settings';
import { describe, expect, it } from 'vitest';
import { decide, type ModerationDecision, type NsfwScores } from './decision.js';

/** The defaults before issue 56 item 12; the boundaries below are easiest to read at these. */
const defaults = { rejectAt: 0.8, reviewAt: 0.3 };

/** Vector in class order Drawing, Hentai, Neutral, Porn, Sexy. */
function s(Drawing: number, Hentai: number, Neutral: number, Porn: number, Sexy: number): NsfwScores {
  return { Drawing, Hentai, Neutral, Porn, Sexy };
}

type Expected = Pick<ModerationDecision, 'status' | 'label'>;

describe('decide with the thresholds reject 0.8, review 0.3', () => {
  const cases: [string, NsfwScores, Expected][] = [
    ['clearly neutral', s(0.02, 0.01, 0.93, 0.01, 0.03), { status: 'approved', label: 'Neutral' }],
    ['a drawing', s(0.9, 0.05, 0.04, 0.005, 0.005), { status: 'approved', label: 'Drawing' }],
    ['swimwear: high Sexy, low Porn', s(0, 0.02, 0.08, 0.15, 0.75), { status: 'approved', label: 'Sexy' }],
    ['all Sexy', s(0, 0, 0, 0, 1), { status: 'approved', label: 'Sexy' }],
    ['grey zone: some Porn', s(0.05, 0.05, 0.3, 0.35, 0.25), { status: 'pending', label: 'Porn' }],
    ['grey zone: Porn and Hentai add up', s(0.3, 0.2, 0.3, 0.15, 0.05), { status: 'pending', label: 'Drawing' }],
    ['explicit photo', s(0, 0.02, 0.03, 0.9, 0.05), { status: 'rejected', label: 'Porn' }],
    ['explicit drawing', s(0.1, 0.85, 0.02, 0.02, 0.01), { status: 'rejected', label: 'Hentai' }],
    ['risk exactly at reviewAt', s(0, 0.05, 0.5, 0.25, 0.2), { status: 'pending', label: 'Neutral' }],
    ['risk just below reviewAt', s(0, 0, 0.51, 0.29, 0.2), { status: 'approved', label: 'Neutral' }],
    ['risk exactly at rejectAt', s(0, 0.3, 0.1, 0.5, 0.1), { status: 'rejected', label: 'Porn' }],
    ['risk just below rejectAt', s(0, 0, 0.11, 0.79, 0.1), { status: 'pending', label: 'Porn' }],
  ];

  it.each(cases)('%s', (_name, scores, expected) => {
    expect(decide(scores, defaults)).toEqual({ ...expected, scores });
  });
});

describe("decide with today's default settings", () => {
  const today = {
    rejectAt: Number(settingDefinitions.MODERATION_REJECT_THRESHOLD.default),
    reviewAt: Number(settingDefinitions.MODERATION_REVIEW_THRESHOLD.default),
  };
  // Scores the real model gave ordinary clothed portraits (bench/RESULTS.md, rows "moderation").
  it.each([
    ['a close-up the old review threshold held (risk 0.53)', s(0, 0.001, 0.456, 0.534, 0.009), 'approved'],
    ['cleavage, head to hip (risk 0.55, Sexy 0.44)', s(0.001, 0.015, 0.01, 0.534, 0.439), 'approved'],
    ['the highest-scoring ordinary close-up (risk 0.94): a human decides', s(0, 0.003, 0.033, 0.936, 0.028), 'pending'],
    ['explicit as photos.test scripts it (risk 0.94)', s(0.01, 0.04, 0.02, 0.9, 0.03), 'pending'],
    ['near-certain (risk 0.99)', s(0, 0.01, 0.005, 0.98, 0.005), 'rejected'],
  ] as const)('%s -> %s', (_name, scores, status) => {
    expect(decide(scores, today).status).toBe(status);
  });
});

describe('decide with custom thresholds', () => {
  const grey = s(0.05, 0.1, 0.3, 0.3, 0.25); // risk exactly 0.4

  it.each([
    [{ rejectAt: 0.95, reviewAt: 0.5 }, 'approved'],
    [{ rejectAt: 0.95, reviewAt: 0.4 }, 'pending'],
    [{ rejectAt: 0.4, reviewAt: 0.2 }, 'rejected'],
    [{ rejectAt: 1, reviewAt: 1 }, 'approved'],
    [{ rejectAt: 0, reviewAt: 0 }, 'rejected'],
  ] as const)('%o -> %s', (thresholds, status) => {
    expect(decide(grey, thresholds).status).toBe(status);
  });

  it('reviewAt 0 sends even a clean photo to a human', () => {
    expect(decide(s(0, 0, 1, 0, 0), { rejectAt: 0.8, reviewAt: 0 }).status).toBe('pending');
  });
});

describe('decide with malformed scores', () => {
  const missing = { Drawing: 0.1, Neutral: 0.9 } as NsfwScores;
  const cases: [string, NsfwScores][] = [
    ['a missing class', missing],
    ['NaN', s(0, Number.NaN, 1, 0, 0)],
    ['a negative score', s(0.2, -0.1, 0.9, 0, 0)],
    ['a score above 1', s(0, 0, 1.2, 0, 0)],
    ['Infinity', s(0, 0, Number.POSITIVE_INFINITY, 0, 0)],
    ['a sum well below 1', s(0.1, 0, 0.2, 0, 0.1)],
    ['a sum well above 1', s(0.5, 0, 0.9, 0, 0.1)],
    ['all zeros', s(0, 0, 0, 0, 0)],
  ];

  it.each(cases)('%s -> pending', (_name, scores) => {
    expect(decide(scores, defaults).status).toBe('pending');
  });

  it('would otherwise have been approved or rejected', () => {
    expect(decide(s(0, 0, 0.9, 0, 0), defaults).status).toBe('pending');
    expect(decide(s(0, 0, 0, 0.95, 0.5), defaults).status).toBe('pending');
  });

  it('tolerates float rounding in the sum', () => {
    expect(decide(s(0.2, 0.1, 0.4, 0.1, 0.2 + 1e-7), defaults).status).toBe('approved');
  });
});

describe('decide label', () => {
  it('is the class with the highest score, whatever the status', () => {
    expect(decide(s(0.1, 0.2, 0.15, 0.25, 0.3), defaults)).toMatchObject({ status: 'pending', label: 'Sexy' });
    expect(decide(s(0, 0.45, 0, 0.4, 0.15), defaults)).toMatchObject({ status: 'rejected', label: 'Hentai' });
    expect(decide(s(0.05, 0.5, 0.4, 0.03, 0.02), defaults)).toMatchObject({ status: 'pending', label: 'Hentai' });
  });

  it('skips missing and NaN scores', () => {
    expect(decide(s(0.1, Number.NaN, 0.2, 0, 0.7), defaults).label).toBe('Sexy');
    expect(decide({ Porn: 0.4 } as NsfwScores, defaults)).toMatchObject({ status: 'pending', label: 'Porn' });
  });
});
