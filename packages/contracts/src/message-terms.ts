/**
 * The grammar of the message classifier's word lists (docs/SAFETY.md): one entry per line,
 * `<kind>: <phrase>`. A phrase is words (letters and digits) separated by spaces; `*` before or
 * after a word lets it stand inside a longer word (`*schlampe` also hits "Drecksschlampe"), and
 * `~` stands for up to three words, whatever they are, `.` for the end of a sentence and `,` for a comma. `erlaubt:` names a word that never counts.
 * The built-in list (server) and the admin's additions (setting MESSAGE_NUDGE_TERMS) share it.
 */
export const termKinds = { beleidigung: 'insult', drohung: 'threat', sexuell: 'sexual', erlaubt: 'allowed' } as const;
export type TermKind = (typeof termKinds)[keyof typeof termKinds];

export interface TermLine {
  kind: TermKind;
  phrase: string;
}

/** The admin's list: at most this many lines and characters (a longer list is refused, not cut). */
export const TERM_LINES_MAX = 500;
export const TERM_TEXT_MAX = 20_000;
const LINE_MAX = 100;
const LINE = /^(beleidigung|drohung|sexuell|erlaubt)\s*:\s*(.+)$/u;
/** `~` per line: a phrase with more says nothing a shorter one would not (red team: 40 made a message check run for minutes). */
const MAX_GAPS = 4;
const TOKEN = /^(?:~|\.|,|\*?[\p{L}\p{N}]+\*?)$/u;

/** The lines of a list, or the first bad line's German explanation (blank lines and `#` comments are skipped). */
export function parseTermLines(text: string): { lines: TermLine[] } | { issue: string } {
  if (text.length > TERM_TEXT_MAX) return { issue: `Die Liste darf höchstens ${TERM_TEXT_MAX} Zeichen lang sein.` };
  const raw = text.split(/\r?\n/u);
  const lines: TermLine[] = [];
  for (const [index, line] of raw.entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const at = `Zeile ${index + 1}: `;
    if (trimmed.length > LINE_MAX) return { issue: `${at}höchstens ${LINE_MAX} Zeichen.` };
    const match = LINE.exec(trimmed.toLowerCase());
    if (!match) return { issue: `${at}Bitte schreib „beleidigung:“, „drohung:“, „sexuell:“ oder „erlaubt:“ vor das Wort.` };
    const phrase = match[2]!.trim().replace(/\s+/gu, ' ');
    const tokens = phrase.split(' ');
    if (!tokens.every((t) => TOKEN.test(t)) || tokens.every((t) => t === '~' || t === '.' || t === ',')) {
      return { issue: `${at}Nur Buchstaben und Ziffern, „*“ am Wortanfang oder -ende und „~“ für bis zu drei beliebige Wörter, „.“ für ein Satzende.` };
    }
    if (tokens.filter((t) => t === '~').length > MAX_GAPS) return { issue: `${at}höchstens ${MAX_GAPS}-mal „~“ in einem Eintrag.` };
    lines.push({ kind: termKinds[match[1] as keyof typeof termKinds], phrase });
  }
  if (lines.length > TERM_LINES_MAX) return { issue: `Die Liste darf höchstens ${TERM_LINES_MAX} Einträge haben.` };
  return { lines };
}
