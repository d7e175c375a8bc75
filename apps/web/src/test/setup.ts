import { useGermanValidationMessages as applyGermanMessages } from '@funkeln/contracts/locale';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// jsdom has no CSS.escape; React Aria's overlays use it to look up a CSP nonce meta tag.
if (typeof globalThis.CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', { value: { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) } });
}

// As in the app (app/lazy-page.ts): zod speaks German before the first form validates.
applyGermanMessages();

// An unexpected request fails the test instead of reaching a network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
