import { z } from 'zod';

/** POST/DELETE /api/blocks/:userId: a block hides both members from each other everywhere. */
export const blockParams = z.object({ userId: z.uuid() });
