import { z } from 'zod';
import { id } from './fields.js';

/** POST/DELETE /api/blocks/:memberId: a block hides both members from each other everywhere. */
export const blockParams = z.object({ memberId: id() });

/** GET /api/blocks: the members the signed-in member blocked, newest first (to lift a block later). */
export const blockedMember = z.object({ id: z.string(), name: z.string(), blockedAt: z.string() });
export type BlockedMember = z.infer<typeof blockedMember>;
