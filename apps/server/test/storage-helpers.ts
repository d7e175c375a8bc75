import { randomBytes } from 'node:crypto';

/** A key of the shape the server generates for photo files. */
export const storageKey = (ext = 'jpg') => `${randomBytes(16).toString('hex')}.${ext}`;

/** The error a promise rejects with; fails the test when it resolves. */
export async function errorOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Error) return err;
  }
  throw new Error('expected an Error rejection');
}
