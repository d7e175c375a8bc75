import { z } from 'zod';

/**
 * Control characters (C0, DEL, C1) and unpaired UTF-16 surrogates: PostgreSQL refuses NUL in text
 * and lone surrogates in JSON (in text they turn into U+FFFD); the rest hide or garble text.
 * Multi-line text keeps \n and \t.
 */
const singleLineForbidden = /[\p{Cc}\p{Cs}]/u;
const multiLineForbidden = /(?![\n\t])[\p{Cc}\p{Cs}]/u;
export const FORBIDDEN_CHARS_MESSAGE = 'Der Text enthält unzulässige Zeichen (Steuerzeichen oder ungültiges Unicode).';

export interface TextOptions {
  max: number;
  min?: number;
  /** Allows line breaks and tabs (free text from a text area). */
  multiline?: boolean;
  /** When the field is missing or not a string. */
  required?: string;
  tooShort?: string;
  tooLong?: string;
}

/** Every free-text field a member sends: NFC, trimmed, bounded, without characters the database cannot keep. */
export function text({ max, min = 0, multiline = false, required, tooShort, tooLong }: TextOptions) {
  const forbidden = multiline ? multiLineForbidden : singleLineForbidden;
  return z
    .string(required === undefined ? undefined : { error: required })
    .refine((v) => !forbidden.test(v), FORBIDDEN_CHARS_MESSAGE)
    .normalize('NFC')
    .trim()
    .min(min, tooShort)
    .max(max, tooLong);
}

/** PostgreSQL `integer` (int4): what an id or count column holds. */
export const INT4_MAX = 2_147_483_647;

/** An integer the `integer` column it is stored in can hold. */
export function int4(min = 0, max = INT4_MAX) {
  return z.number().int().min(min).max(max);
}

/** An integer query parameter: decimal digits only (no '1e3', '0x10', ' 5' or '' as Number() would take). */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,15}$/, `Bitte gib eine ganze Zahl zwischen ${min} und ${max} an.`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/**
 * The query of a link the server signed: its expiry (Unix seconds, written without leading zeros)
 * and signature (an HMAC-SHA256 in base64url, 43 digits). One spelling per link: the server checks
 * the text it wrote, nothing that merely decodes to it.
 */
export const signedLinkQuery = z.object({
  exp: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Dieser Bildlink ist ungültig oder abgelaufen.')
    .pipe(queryInt(1, Number.MAX_SAFE_INTEGER)),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Dieser Bildlink ist ungültig oder abgelaufen.'),
});

/**
 * An id sent by a client (path, query or body). `z.uuid()` accepts every spelling of the hex digits,
 * and PostgreSQL reads them as the same uuid, but the services compare ids as strings (self-likes,
 * self-blocks, self-messages, self-reports, an admin suspending himself). So every id is read in its
 * canonical lower case, the one the database answers with, and no spelling slips past a check.
 * The overwrite keeps the schema representable in the OpenAPI document.
 */
export function id(message?: string) {
  return z.uuid(message).toLowerCase();
}
