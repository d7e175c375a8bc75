import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { loadMe } from './load-me';
import { getToken, setToken } from './token-storage';

/** A browser with Web Push and one subscription (jsdom has neither service workers nor PushManager). */
function browserWithSubscription() {
  const unsubscribe = vi.fn(() => Promise.resolve(true));
  const registration = { pushManager: { getSubscription: () => Promise.resolve({ unsubscribe }) } };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: () => Promise.resolve(registration) } });
  return unsubscribe;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('loadMe', () => {
  it('forgets the token and this browser’s push subscription when the session ended elsewhere', async () => {
    const unsubscribe = browserWithSubscription();
    server.use(http.get('/api/me', () => HttpResponse.json({ error: 'unauthorized', message: 'Bitte melde dich an.' }, { status: 401 })));
    setToken('ended');
    expect(await loadMe('ended')).toBeNull();
    expect(getToken()).toBeNull();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('keeps both when the server is only unreachable', async () => {
    const unsubscribe = browserWithSubscription();
    server.use(http.get('/api/me', () => HttpResponse.json({ error: 'internal_error', message: 'Da ist etwas schiefgelaufen.' }, { status: 500 })));
    setToken('live');
    expect(await loadMe('live')).toBeNull();
    expect(getToken()).toBe('live');
    expect(unsubscribe).not.toHaveBeenCalled();
  });
});
