import { useCallback, useRef } from 'react';
import { newUuid } from '../../lib/uuid';

/**
 * The clientId for a draft: the same draft sent again (a retry after an error or a lost answer)
 * keeps its id, so the server stores the message once; a changed or delivered draft gets a new one.
 */
export function useDraftClientId() {
  const last = useRef<{ draft: string; id: string } | null>(null);
  const forDraft = useCallback((draft: string) => {
    if (last.current?.draft !== draft) last.current = { draft, id: newUuid() };
    return last.current.id;
  }, []);
  const delivered = useCallback(() => {
    last.current = null;
  }, []);
  return { forDraft, delivered };
}
