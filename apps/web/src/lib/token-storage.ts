import { useSyncExternalStore } from 'react';

const KEY = 'token';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The bearer token of the current session, or null for visitors. */
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    window.localStorage.setItem(KEY, token);
  } finally {
    notify();
  }
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(KEY);
  } finally {
    notify();
  }
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key === KEY || event.key === null) notify();
});

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken);
}
