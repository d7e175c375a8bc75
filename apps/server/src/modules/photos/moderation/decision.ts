export const nsfwClasses = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
type NsfwClass = (typeof nsfwClasses)[number];
export type NsfwScores = Record<NsfwClass, number>;

/** From the settings MODERATION_REJECT_THRESHOLD and MODERATION_REVIEW_THRESHOLD. */
export interface ModerationThresholds {
  rejectAt: number;
  reviewAt: number;
}

export interface ModerationDecision {
  status: 'approved' | 'pending' | 'rejected';
  label: NsfwClass;
  scores: NsfwScores;
}

/** Softmax output sums to 1 up to float32 rounding; anything further off is not a real model output. */
const SUM_TOLERANCE = 0.01;

/**
 * Risk is Porn + Hentai. 'Sexy' alone (swimwear) is allowed, and so is 'Drawing'.
 * Scores that cannot be trusted go to a human rather than being approved or rejected.
 */
export function decide(scores: NsfwScores, t: ModerationThresholds): ModerationDecision {
  const label = topLabel(scores);
  if (!wellFormed(scores)) return { status: 'pending', label, scores };
  const risk = scores.Porn + scores.Hentai;
  const status = risk >= t.rejectAt ? 'rejected' : risk >= t.reviewAt ? 'pending' : 'approved';
  return { status, label, scores };
}

function wellFormed(scores: NsfwScores): boolean {
  const values = nsfwClasses.map((c) => scores[c]);
  if (!values.every((v) => typeof v === 'number' && v >= 0 && v <= 1)) return false;
  return Math.abs(values.reduce((a, b) => a + b, 0) - 1) <= SUM_TOLERANCE;
}

function topLabel(scores: NsfwScores): NsfwClass {
  let best: NsfwClass = 'Neutral';
  let bestScore = -Infinity;
  for (const c of nsfwClasses) {
    const s = scores[c];
    if (typeof s === 'number' && s > bestScore) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}
