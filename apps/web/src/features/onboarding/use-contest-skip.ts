import { useState } from 'react';

/** The stored key keeps its first name (top10Skipped): a member's earlier skip still counts. */
const keyFor = (memberId: string) => `onboarding.top10Skipped.${memberId}`;
/** Where localStorage is unavailable (private mode), the choice holds for this visit only. */
const thisVisit = new Set<string>();

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1' || thisVisit.has(key);
  } catch {
    return thisVisit.has(key);
  }
}

function write(key: string, skipped: boolean): void {
  if (skipped) thisVisit.add(key);
  else thisVisit.delete(key);
  try {
    if (skipped) window.localStorage.setItem(key, '1');
    else window.localStorage.removeItem(key);
  } catch {
    // thisVisit has it
  }
}

/** Whether the member skipped the Top10 step of onboarding (on this device); skip() and undo(). */
export function useContestSkip(memberId: string | undefined) {
  const key = memberId ? keyFor(memberId) : null;
  const [, rerender] = useState(0);
  const remember = (skipped: boolean) => {
    if (!key) return;
    write(key, skipped);
    rerender((n) => n + 1);
  };
  return { skipped: key ? read(key) : false, skip: () => remember(true), undo: () => remember(false) };
}
