import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const KEY = 'theme';
const THEME_COLORS: Record<Theme, string> = { dark: '#140f19', light: '#fff7f8' };
const listeners = new Set<() => void>();

/** Anything other than 'light' counts as dark. */
function storedTheme(): Theme {
  try {
    return window.localStorage.getItem(KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

function currentTheme(): Theme {
  return document.documentElement.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
}

function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  for (const listener of listeners) listener();
}

/** Restores the saved choice; public/theme-init.js already did so before the first paint. */
export function restoreTheme(): void {
  applyTheme(storedTheme());
}

function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(KEY, theme);
  } finally {
    applyTheme(theme);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme);
  const toggle = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
