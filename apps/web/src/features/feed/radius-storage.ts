const KEY = 'discover-radius';

/** The last applied radius ('' = no limit), kept for the session so the tabs do not forget it. */
export function loadRadius(): string {
  try {
    return window.sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveRadius(radius: string): void {
  try {
    if (radius) window.sessionStorage.setItem(KEY, radius);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the radius simply is not remembered.
  }
}
