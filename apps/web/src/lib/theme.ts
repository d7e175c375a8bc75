import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const KEY = 'theme';
const THEME_COLORS: Record<Theme, string> = { dark: '#140f19', light: '#fff7f8' };
const listeners = new Set<() => void>();

const SYSTEM_LIGHT = '(prefers-color-scheme: light)';

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(SYSTEM_LIGHT).matches ? 'light' : 'dark';
}

/** The member's own choice, if she made one. */
function savedTheme(): Theme | null {
  try {
    const saved = window.localStorage.getItem(KEY);
    return saved === 'light' || saved === 'dark' ? saved : null;
  } catch {
    return null;
  }
}

/** Her choice, else the system's setting (issue 56, item 13). */
function storedTheme(): Theme {
  return savedTheme() ?? systemTheme();
}

function currentTheme(): Theme {
  return document.documentElement.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
}

function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  for (const listener of listeners) listener();
}

/**
 * Restores the saved choice or the system's setting (public/theme-init.js already did so before
 * the first paint); without a choice of her own, the app follows the system when it changes.
 */
export function restoreTheme(): void {
  applyTheme(storedTheme());
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(SYSTEM_LIGHT).addEventListener('change', () => {
    if (savedTheme() === null) applyTheme(systemTheme());
  });
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
