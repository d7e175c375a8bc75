import { z } from 'zod';

/** Every 4xx/5xx body: a machine code plus a German sentence for the member. */
export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;
