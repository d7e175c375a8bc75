import { describe, expect, it } from 'vitest';
import { EventBus } from '../../platform/events/events.js';
import { SessionCache, type CachedSession } from './session-cache.js';
import type { AuthContext } from './auth-context.js';

function entry(sessionId: string, userId: string, now = Date.now()): CachedSession {
  const auth = { sessionId, user: { id: userId } as AuthContext['user'], role: 'member' } as AuthContext;
  return { auth, lastSeenAt: now, expiresAt: now + 3_600_000, cachedAt: now };
}

function setup(max = 2) {
  const events = new EventBus();
  const cache = new SessionCache({ events, enabled: () => true, ttlMs: 60_000, max });
  const put = (hash: string, e: CachedSession) => cache.set(hash, e, cache.begin());
  return { events, cache, put };
}

describe('SessionCache', () => {
  it('keeps at most `max` sessions, forgetting the least recently used', () => {
    const { cache, put } = setup(2);
    put('h1', entry('s1', 'u1'));
    put('h2', entry('s2', 'u2'));
    expect(cache.get('h1')).toBeDefined(); // h1 used last: h2 goes first
    put('h3', entry('s3', 'u3'));
    expect(cache.get('h2')).toBeUndefined();
    expect(cache.get('h1')?.auth.sessionId).toBe('s1');
    expect(cache.get('h3')?.auth.sessionId).toBe('s3');
  });

  it('drops a revoked session and every session of a changed member, also after evictions and replacements', () => {
    const { events, cache, put } = setup(2);
    put('h1', entry('s1', 'u1'));
    put('h2', entry('s2', 'u1'));
    put('h3', entry('s3', 'u2')); // evicts h1
    put('h3', entry('s4', 'u1')); // replaces h3: now indexed under s4 and u1 only
    events.publish('session.revoked', { sessionIds: ['s3'] });
    expect(cache.get('h3')?.auth.sessionId).toBe('s4');
    events.publish('users.changed', { userIds: ['u2'] });
    expect(cache.get('h3')).toBeDefined();
    events.publish('users.changed', { userIds: ['u1'] });
    expect(cache.get('h2')).toBeUndefined();
    expect(cache.get('h3')).toBeUndefined();
  });

  it('forgets an entry after its time and never serves it past the session expiry', () => {
    const { cache, put } = setup();
    const now = Date.now();
    put('h1', entry('s1', 'u1', now));
    expect(cache.get('h1', now + 60_001)).toBeUndefined();
    put('h2', { ...entry('s2', 'u2', now), expiresAt: now + 1000 });
    expect(cache.get('h2', now + 1000)).toBeUndefined();
  });

  it('after missed cluster events (resync) trusts nothing cached before, nor a lookup begun before', () => {
    const { events, cache, put } = setup(10);
    put('h1', entry('s1', 'u1'));
    put('h2', entry('s2', 'u2'));
    const generation = cache.begin();
    events.emit('cluster.resync', {});
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toBeUndefined();
    cache.set('h3', entry('s3', 'u3'), generation);
    expect(cache.get('h3')).toBeUndefined();
    put('h1', entry('s1', 'u1'));
    expect(cache.get('h1')?.auth.sessionId).toBe('s1');
  });

  it('does not cache a lookup that raced with a revocation', () => {
    const { events, cache } = setup();
    const generation = cache.begin();
    events.publish('session.revoked', { sessionIds: ['s1'] });
    cache.set('h1', entry('s1', 'u1'), generation);
    expect(cache.get('h1')).toBeUndefined();
  });
});
