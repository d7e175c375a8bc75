import { z } from 'zod';

/**
 * A confirmation carried to the next page in the router's location state (never in the URL, so a
 * reload or a shared link does not repeat it), shown there inline and announced (role="status").
 */
const flashState = z.object({ flash: z.enum(['passwordChanged']) });
export type Flash = z.infer<typeof flashState>['flash'];

export const withFlash = (flash: Flash) => ({ flash });

export function flashOf(state: unknown): Flash | null {
  const parsed = flashState.safeParse(state);
  return parsed.success ? parsed.data.flash : null;
}
