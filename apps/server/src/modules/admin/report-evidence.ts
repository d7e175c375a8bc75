import type { AdminReport } from '@funkeln/contracts/admin';
import { z } from 'zod';

const evidenceSchema = z.array(z.object({ from: z.enum(['reporter', 'reported']), body: z.string(), sentAt: z.string() }));

/** The attached messages as stored (safety's snapshot, jsonb), read defensively: anything else is none. */
export function evidenceOf(stored: unknown): AdminReport['evidence'] {
  return evidenceSchema.safeParse(stored).data ?? null;
}
