import { z } from 'zod';

export const healthResponse = z.object({ status: z.enum(['ok', 'unavailable', 'draining']), checks: z.record(z.string(), z.boolean()).optional() });
export type HealthResponse = z.infer<typeof healthResponse>;
