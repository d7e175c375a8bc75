import { z } from 'zod';
import { id } from './fields.js';

/** POST/DELETE /api/blocks/:memberId: a block hides both members from each other everywhere. */
export const blockParams = z.object({ memberId: id() });
