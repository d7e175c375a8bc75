const germanWord = /[äöüÄÖÜß]|\b(bitte|ungültig\w*|unbekannt\w*|nicht|kein\w*|erwartet|darf|muss|gibt|zu|ist|du|dein\w*|der|die|das|dies\w*|ein\w*|für|oder|und|nur|mit|anfrage|gefunden)\b/i;
const englishWord = /\b(the|invalid|expected|must|request|not found|error|required|unexpected|is not|exceeding)\b/i;

/** A heuristic good enough for error messages: German words present, no English ones. */
export function looksGerman(message: unknown): boolean {
  return typeof message === 'string' && germanWord.test(message) && !englishWord.test(message);
}
