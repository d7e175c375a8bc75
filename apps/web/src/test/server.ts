import { setupServer } from 'msw/node';

/** The API of every web test: each test adds its handlers (see api-handlers.ts); none is shared. */
export const server = setupServer();
