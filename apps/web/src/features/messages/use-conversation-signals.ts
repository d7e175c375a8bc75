import { readEvent, typingEvent } from '@funkeln/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { connectSocket } from '../../lib/socket';
import { markReadByMember } from './api';

/** The server drops more than one `typing` per pair every 2 s anyway; the client does not send them. */
const SIGNAL_EVERY_MS = 2000;
/** The indicator outlives the gap between two signals, and ends when nothing follows. */
const SHOW_FOR_MS = 5000;

/** Call on every keystroke: tells the member I am typing, at most once every 2 s. */
export function useTypingSignal(memberId: string): () => void {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < SIGNAL_EVERY_MS) return;
    last.current = now;
    connectSocket().emit('typing', { to: memberId });
  }, [memberId]);
}

/** Whether the member is typing to me right now; `stop` ends it early (their message arrived). */
export function useMemberTyping(memberId: string): { typing: boolean; stop: () => void } {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stop = useCallback(() => {
    clearTimeout(timer.current);
    setTyping(false);
  }, []);

  useEffect(() => {
    const socket = connectSocket();
    const onTyping = (event: unknown) => {
      const parsed = typingEvent.safeParse(event);
      if (!parsed.success || parsed.data.from !== memberId) return;
      setTyping(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setTyping(false), SHOW_FOR_MS);
    };
    socket.on('typing', onTyping);
    return () => {
      socket.off('typing', onTyping);
      clearTimeout(timer.current);
    };
  }, [memberId]);

  return { typing, stop };
}

/** Live read receipts: the member's `read` event marks my messages in the open thread as read. */
export function useLiveReads(memberId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const onRead = (event: unknown) => {
      const parsed = readEvent.safeParse(event);
      if (parsed.success && parsed.data.by === memberId) markReadByMember(queryClient, memberId, parsed.data);
    };
    socket.on('read', onRead);
    return () => {
      socket.off('read', onRead);
    };
  }, [memberId, queryClient]);
}
