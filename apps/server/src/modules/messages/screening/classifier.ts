import { parseTermLines, type TermLine } from '@funkeln/contracts/message-terms';
import { DEFAULT_TERMS } from './default-terms.js';
import { wordVariants } from './normalize.js';
import { allowedWords, compileTerms, findTerm, stepBudget, type Term } from './term-matcher.js';

/** Why "Bist du sicher?" asks: the message reads as insulting, threatening or sexually explicit. */
export type NudgeReason = 'insult' | 'threat' | 'sexual';

export interface Classifier {
  /** The reason to ask before sending (a threat before sexual before insult), or null. */
  classify(text: string): { reason: NudgeReason; phrase: string } | null;
}

const ORDER: NudgeReason[] = ['threat', 'sexual', 'insult'];

function builtIn(): TermLine[] {
  const parsed = parseTermLines(DEFAULT_TERMS);
  if ('issue' in parsed) throw new Error(`the built-in term list is invalid: ${parsed.issue}`);
  return parsed.lines;
}
const BUILT_IN = builtIn();

const byReason = (lines: readonly TermLine[]) =>
  new Map<NudgeReason, Term<NudgeReason>[]>(ORDER.map((reason) => [reason, compileTerms(lines.filter((l): l is TermLine & { kind: NudgeReason } => l.kind === reason))]));

/**
 * The built-in list plus the admin's lines (already validated by the setting's schema). Each list
 * has a step budget of its own per message, so a costly admin list can neither stall the server nor
 * keep the built-in words from being tried.
 */
export function createClassifier(extra: readonly TermLine[] = []): Classifier {
  const allowed = allowedWords([...BUILT_IN, ...extra]);
  const lists = [byReason(BUILT_IN), byReason(extra)];
  return {
    classify(text) {
      const variants = wordVariants(text);
      const budgets = lists.map(() => stepBudget());
      for (const reason of ORDER) {
        for (const words of variants) {
          for (const [i, list] of lists.entries()) {
            const hit = findTerm(list.get(reason) ?? [], words, allowed, budgets[i]);
            if (hit) return { reason, phrase: hit.phrase };
          }
        }
      }
      return null;
    },
  };
}

/** The classifier for the setting's current text, compiled once per distinct text. */
export function classifierCache(): (adminLines: string) => Classifier {
  let last: { text: string; classifier: Classifier } | undefined;
  return (text) => {
    if (last?.text !== text) {
      const parsed = parseTermLines(text);
      last = { text, classifier: createClassifier('lines' in parsed ? parsed.lines : []) };
    }
    return last.classifier;
  };
}
