import { useCallback, useState } from 'react';

/** Per own account too: another account signed in on the same browser never sees the draft. */
const storageKey = (ownerId: string, memberId: string) => `funkeln.draft.${ownerId}.${memberId}`;

function readDraft(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, draft: string): void {
  try {
    if (draft) localStorage.setItem(key, draft);
    else localStorage.removeItem(key);
  } catch {
    // Storage full or switched off: the draft then lives only as long as the page.
  }
}

/** The unsent text of one conversation, kept in localStorage so it survives a reload; '' removes it. */
export function useDraft(ownerId: string, memberId: string): [string, (draft: string) => void] {
  const key = storageKey(ownerId, memberId);
  const [draft, setDraft] = useState(() => readDraft(key));
  const update = useCallback(
    (next: string) => {
      setDraft(next);
      writeDraft(key, next);
    },
    [key],
  );
  return [draft, update];
}
