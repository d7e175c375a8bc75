import { useCallback, useEffect, useRef, useState } from 'react';
import { useConversations, useStart } from './api';

/**
 * Which conversation the chat shows. Opening the page shows one with a greeting (spec 4): the newest,
 * or, for a member who has none yet, a new one. Starting one on every visit would fill the list
 * with empty conversations, so 'Neu' starts further ones.
 */
export function useActiveConversation() {
  const conversations = useConversations();
  const start = useStart();
  const { mutate } = start;
  const [picked, setPicked] = useState<string | null>(null);
  const startedOnOpen = useRef(false);

  const startNew = useCallback(() => mutate(undefined, { onSuccess: ({ id }) => setPicked(id) }), [mutate]);

  const none = conversations.data?.length === 0;
  useEffect(() => {
    if (!none || startedOnOpen.current) return;
    startedOnOpen.current = true;
    startNew();
  }, [none, startNew]);

  const active = picked ?? conversations.data?.[0]?.id ?? null;
  return { conversations, start, active, pick: setPicked, startNew };
}
