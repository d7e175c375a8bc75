interface KeyPress {
  key: string;
  shiftKey: boolean;
  /** An input method (e.g. for Japanese or Chinese) is still composing: its Enter picks a word. */
  isComposing: boolean;
}

/** Enter sends; Shift+Enter makes a new line, and an Enter that finishes an IME composition does neither. */
export function isSendKey({ key, shiftKey, isComposing }: KeyPress): boolean {
  return key === 'Enter' && !shiftKey && !isComposing;
}
