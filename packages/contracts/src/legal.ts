import { z } from 'zod';

const seconds = z.number().int().positive();

/** What the Impressum and the Datenschutz page state about this instance: the operator and the code's facts. */
export const legalInfo = z.object({
  operator: z.object({
    name: z.string(),
    /** Address lines. */
    address: z.array(z.string()),
    email: z.string(),
    phone: z.string().nullable(),
    representative: z.string().nullable(),
    register: z.string().nullable(),
    vatId: z.string().nullable(),
    /** Outside production without the operator's details: sample data, shown clearly marked. */
    sample: z.boolean(),
  }),
  privacy: z.object({ email: z.string(), dpo: z.string().nullable() }),
  /** Outside production the AGB and the Widerrufsbelehrung are marked as a draft to be checked before going live. */
  termsDraft: z.boolean(),
  authority: z.object({ name: z.string(), url: z.string().nullable() }),
  /** Recipients as configured: null or false when this instance does not use them. */
  recipients: z.object({
    hosting: z.string().nullable(),
    /** The mail provider; null: no mail leaves the server (development mailbox). */
    mail: z.string().nullable(),
    stripe: z.boolean(),
    /** The Digital Friend's language model provider; null: the embedded companion on this server. */
    companionModel: z.string().nullable(),
    /** The S3 storage provider for photos; null: on this server's disk. */
    storage: z.string().nullable(),
    google: z.boolean(),
  }),
  /** Retention and lifetimes, from the server's constants. */
  retention: z.object({
    sessionIdleSeconds: seconds,
    sessionMaxSeconds: seconds,
    verifyLinkSeconds: seconds,
    resetLinkSeconds: seconds,
    usedLinkSeconds: seconds,
    mailSentSeconds: seconds,
    mailFailedSeconds: seconds,
    pushSentSeconds: seconds,
    pushFailedSeconds: seconds,
    verificationAttemptSeconds: seconds,
    /** Messages attached to a report, and the decided report itself, after the decision (issue 57). */
    reportEvidenceSeconds: seconds,
    reportSeconds: seconds,
    logSeconds: seconds,
    cleanupIntervalSeconds: seconds,
  }),
});
export type LegalInfo = z.infer<typeof legalInfo>;
