import type { NewCounts } from '@funkeln/contracts/swipes';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { followNewCounts } from './new-counts';
import * as queryKeys from './query-keys';

/** A socket whose events the test plays. */
function fakeSocket() {
  const handlers = new Map<string, Set<(event?: unknown) => void>>();
  return {
    on: (name: string, handler: (event?: unknown) => void) => void handlers.set(name, (handlers.get(name) ?? new Set()).add(handler)),
    off: (name: string, handler: (event?: unknown) => void) => void handlers.get(name)?.delete(handler),
    play: (name: string, event?: unknown) => handlers.get(name)?.forEach((h) => h(event)),
    count: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
  };
}

describe('followNewCounts', () => {
  it('takes the counts of each new-counts event, drops what is not one, and loads them again on a reconnect', async () => {
    const queryClient = new QueryClient();
    const socket = fakeSocket();
    const stop = followNewCounts(socket as never, queryClient);
    const cached = () => queryClient.getQueryData<NewCounts>(queryKeys.newCounts());

    socket.play('new-counts', { matches: 2, flirts: 1 });
    expect(cached()).toEqual({ matches: 2, flirts: 1 });
    socket.play('new-counts', { matches: -1 });
    expect(cached()).toEqual({ matches: 2, flirts: 1 });

    socket.play('connect');
    expect(queryClient.getQueryState(queryKeys.newCounts())?.isInvalidated).toBe(true);

    stop();
    expect(socket.count()).toBe(0);
    socket.play('new-counts', { matches: 0, flirts: 0 });
    expect(cached()).toEqual({ matches: 2, flirts: 1 });
  });
});
