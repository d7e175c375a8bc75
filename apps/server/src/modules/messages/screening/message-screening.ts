import type { SettingsService } from '../../settings/index.js';
import { classifierCache, type NudgeReason } from './classifier.js';
import { detectScam, type ScamHint } from './scam-detector.js';

/** Off-platform contact gets its hint while fewer than this many messages went between the two before it. */
export const EARLY_MESSAGES = 10;

export interface Screening {
  /** Ask "Bist du sicher?" before sending, for this reason. */
  nudge: NudgeReason | null;
  /** The recipient's hint: `contact` only counts early in a conversation (see `hintFor`). */
  hint: ScamHint | null;
}

/** What a message's text asks of the send (docs/SAFETY.md): all offline, nothing leaves the server. */
export class MessageScreening {
  private readonly classifierFor = classifierCache();

  constructor(private readonly settings: SettingsService) {}

  async screen(body: string): Promise<Screening> {
    const classifier = this.classifierFor(await this.settings.get('MESSAGE_NUDGE_TERMS'));
    return { nudge: classifier.classify(body)?.reason ?? null, hint: detectScam(body).hint };
  }
}

/** The hint stored with the message: money always, off-platform contact only early on. */
export function hintFor(screening: Screening, exchanged: number): ScamHint | null {
  if (screening.hint === 'contact' && exchanged >= EARLY_MESSAGES) return null;
  return screening.hint;
}
