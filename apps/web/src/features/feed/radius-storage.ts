const KEY = 'discover-radius';

/** The last applied radius ('' = no limit), kept for the session so the tabs do not forget it. */
export function loadRadius(): string {
  try {
    return window.sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

const VERIFIED_KEY = 'discover-verified-only';

/** Whether 'nur verifizierte Profile' is on, kept for the session like the radius. */
export function loadVerifiedOnly(): boolean {
  try {
    return window.sessionStorage.getItem(VERIFIED_KEY) === '1';
  } catch {
    return false;
  }
}

export function saveVerifiedOnly(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(VERIFIED_KEY, '1');
    else window.sessionStorage.removeItem(VERIFIED_KEY);
  } catch {
    // Private mode without storage: the filter simply is not remembered.
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
