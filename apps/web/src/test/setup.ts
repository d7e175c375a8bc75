import { useGermanValidationMessages as applyGermanMessages } from '@funkeln/contracts/locale';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// jsdom has no CSS.escape; React Aria's overlays use it to look up a CSP nonce meta tag.
if (typeof globalThis.CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', { value: { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) } });
}

// jsdom has no modal dialogs: showModal/close only toggle `open` (the app's dialogs are native <dialog>s).
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

// findBy*/waitFor wait until the page shows what they look for, up to this ceiling. Testing Library's
// 1 s default made the tests depend on the machine's speed: beside the integration files on two busy
// cores, a lazily loaded page took longer than that to render (npm test runs them side by side).
configure({ asyncUtilTimeout: 10_000 });

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
