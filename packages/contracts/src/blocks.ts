import { z } from 'zod';

/** POST/DELETE /api/blocks/:memberId: a block hides both members from each other everywhere. */
export const blockParams = z.object({ memberId: z.uuid() });
