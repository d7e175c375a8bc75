import { useCallback, useState } from 'react';

const storageKey = (memberId: string) => `funkeln.draft.${memberId}`;

function readDraft(memberId: string): string {
  try {
    return localStorage.getItem(storageKey(memberId)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(memberId: string, draft: string): void {
  try {
    if (draft) localStorage.setItem(storageKey(memberId), draft);
    else localStorage.removeItem(storageKey(memberId));
  } catch {
    // Storage full or switched off: the draft then lives only as long as the page.
  }
}

/** The unsent text of one conversation, kept in localStorage so it survives a reload; '' removes it. */
export function useDraft(memberId: string): [string, (draft: string) => void] {
  const [draft, setDraft] = useState(() => readDraft(memberId));
  const update = useCallback(
    (next: string) => {
      setDraft(next);
      writeDraft(memberId, next);
    },
    [memberId],
  );
  return [draft, update];
}
