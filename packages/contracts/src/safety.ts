import { z } from 'zod';
import { email } from './auth.js';
import { text, id } from './fields.js';

/** The fixed reasons a member can report against the house rules, with their German wording. */
export const reportReasons = {
  inappropriate_photo: 'Unangemessenes Foto',
  fake_profile: 'Fake-Profil',
  harassment: 'Belästigung oder Beleidigung',
  spam: 'Spam oder Werbung',
  underage: 'Vermutlich minderjährig',
  scam: 'Betrugsverdacht',
  other: 'Sonstiges',
} as const;
export type ReportReason = keyof typeof reportReasons;

/** The kinds of illegal content a notice names (DSA Art. 16(2)(a): why the content is illegal). */
export const illegalKinds = {
  insult_threat: 'Beleidigung oder Bedrohung',
  fraud: 'Betrug',
  copyright: 'Urheberrecht verletzt, z. B. ein gestohlenes Foto',
  child_protection: 'Kinder- und Jugendschutz',
  intimate_images: 'Intime Aufnahmen ohne Einverständnis',
  hate: 'Volksverhetzung oder Hetze',
  illegal_other: 'Sonstiger Rechtsverstoß',
} as const;
export type IllegalKind = keyof typeof illegalKinds;

/** Against the house rules, or illegal (a notice under DSA Art. 16). */
export const reportCategories = { house_rules: 'Verstoß gegen die Hausregeln', illegal: 'Rechtswidriger Inhalt' } as const;
export type ReportCategory = keyof typeof reportCategories;

/** Every reason a report or notice may give: a house rule or a kind of illegal content. */
export const allReasons: Readonly<Record<ReportReason | IllegalKind, string>> = { ...reportReasons, ...illegalKinds };
export type AnyReason = ReportReason | IllegalKind;
const reasonKeys = Object.keys(allReasons) as [AnyReason, ...AnyReason[]];

/** The category a reason belongs to. */
export const categoryOf = (reason: AnyReason): ReportCategory => (Object.hasOwn(illegalKinds, reason) ? 'illegal' : 'house_rules');

/** At most this many messages of the conversation go with a report (with the reporter's consent). */
export const EVIDENCE_MAX = 10;
export const EXPLANATION_MIN = 10;

const reason = z.enum(reasonKeys, { error: 'Bitte wähle einen Grund aus der Liste.' });
const details = text({ max: 2000, multiline: true, tooLong: 'Die Beschreibung darf höchstens 2000 Zeichen lang sein.' }).default('');
/**
 * The messages she attaches (the ones the dialog listed): only with `attachMessages`, her consent;
 * all from her conversation with the reported member.
 */
const evidenceFields = {
  attachMessages: z.boolean().default(false),
  evidenceIds: z.array(id('Ungültige Nachrichten-ID.')).max(EVIDENCE_MAX, `Höchstens ${EVIDENCE_MAX} Nachrichten können mitgeschickt werden.`).default([]),
};

interface Explained {
  reason: AnyReason;
  details: string;
  goodFaith: boolean;
}

/** Illegal content needs an explanation (Art. 16(2)(a)) and the good-faith statement (Art. 16(2)(d)). */
function explained(b: Explained, ctx: z.RefinementCtx): void {
  if (categoryOf(b.reason) !== 'illegal') return;
  if (b.details.length < EXPLANATION_MIN) {
    ctx.addIssue({ code: 'custom', path: ['details'], message: `Bitte erkläre in mindestens ${EXPLANATION_MIN} Zeichen, warum der Inhalt rechtswidrig ist.` });
  }
  if (!b.goodFaith) ctx.addIssue({ code: 'custom', path: ['goodFaith'], message: 'Bitte bestätige, dass deine Angaben richtig und vollständig sind.' });
}

/**
 * POST /api/reports: exactly one of photoId, userId (the reported member; the wire key stays), messageId;
 * optionally block at once. Additive (issue 57): illegal kinds as reasons, the good-faith statement,
 * the attached messages.
 */
export const reportBody = z
  .object({
    photoId: id('Ungültige Foto-ID.').optional(),
    userId: id('Ungültige Mitglieds-ID.').optional(),
    messageId: id('Ungültige Nachrichten-ID.').optional(),
    reason,
    details,
    block: z.boolean().default(false),
    goodFaith: z.boolean().default(false),
    ...evidenceFields,
  })
  .refine((b) => [b.photoId, b.userId, b.messageId].filter(Boolean).length === 1, {
    message: 'Bitte melde genau ein Foto, ein Profil oder eine Nachricht.',
  })
  .superRefine(explained);
export const reportResponse = z.object({ id: z.string(), message: z.string() });

/** What a notice names: a profile, a photo (without photoId: the member's main photo, as the share page shows it) or a message. */
export const noticeTarget = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('profile'), memberId: id('Ungültige Mitglieds-ID.') }),
    z.object({ kind: z.literal('photo'), memberId: id('Ungültige Mitglieds-ID.'), photoId: id('Ungültige Foto-ID.').optional() }),
    z.object({ kind: z.literal('message'), messageId: id('Ungültige Nachrichten-ID.') }),
  ],
  { error: 'Bitte melde ein Profil, ein Foto oder eine Nachricht.' },
);
export type NoticeTarget = z.infer<typeof noticeTarget>;

/**
 * POST /api/notices: anyone, with or without an account (DSA Art. 16). The e-mail address is where a
 * visitor wants the receipt and the decision; a signed-in member gets both at her own address.
 */
export const noticeBody = z
  .object({
    target: noticeTarget,
    reason,
    details,
    email: email.optional(),
    goodFaith: z.literal(true, { error: 'Bitte bestätige, dass deine Angaben richtig und vollständig sind.' }),
    ...evidenceFields,
  })
  .superRefine(explained);

/** Where a report stands, as its reporter sees it. */
export const reportStatuses = ['open', 'resolved', 'dismissed'] as const;

/** GET /api/me/reports: the member's own reports and what became of them, nothing about the reported member. */
export const myReport = z.object({
  id: z.string(),
  what: z.enum(['profile', 'photo', 'message']),
  reason: z.string(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The decision in one sentence (see outcomeTexts), null while open. */
  outcome: z.string().nullable(),
  /** The team's note to her, if it wrote one. */
  note: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReport>;
export const myReportsResponse = z.array(myReport);

/** The decision as the reporter reads it: nothing beyond it about the reported member. */
export const outcomeTexts = {
  resolved: 'Wir haben einen Verstoß festgestellt und den Inhalt entfernt bzw. Maßnahmen ergriffen.',
  dismissed: 'Wir haben die Meldung geprüft, konnten aber keinen Verstoß gegen unsere Regeln oder das Gesetz feststellen.',
} as const;
