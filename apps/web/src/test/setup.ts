import { useGermanValidationMessages as applyGermanMessages } from '@funkeln/contracts/locale';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

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
