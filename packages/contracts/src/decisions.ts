import { z } from 'zod';
import { id, text } from './fields.js';
import { HOUSE_RULES } from './terms-text.js';

/**
 * Statements of reasons (DSA Art. 17) and objections to them (Art. 20): every restriction the team or
 * the automatic checks impose on a member comes with one; the member may object for six months.
 */

/** How long after a decision the member may object (DSA Art. 20(1): at least six months). */
export const OBJECTION_MONTHS = 6;
export const OBJECTION_TEXT_MAX = 2000;
export const ANSWER_TEXT_MAX = 2000;

/** Where a house rule comes from (DSA Art. 17(3)(d), (e)): the contract (the AGB's house rules) or the law as well. */
const AGB = 'Vertragliche Grundlage: unsere AGB, Abschnitt 7 „Hausregeln“.';
const [adultsOnly, ownPhotos, respectful, noScam, nothingIllegal, othersData] = HOUSE_RULES;

/**
 * The house rules a restriction names: a short German title, the AGB's own wording (terms-text.ts,
 * section 7, so statement and AGB cannot drift) and the legal or contractual ground.
 */
export const houseRules = {
  sexual_content: { title: 'Keine Nacktheit', text: ownPhotos, ground: AGB },
  own_photos: { title: 'Nur eigene Fotos', text: ownPhotos, ground: AGB },
  respect: { title: 'Respektvoller Umgang', text: respectful, ground: AGB },
  no_scam: { title: 'Kein Betrug, keine Werbung', text: noScam, ground: AGB },
  real_person: { title: 'Echte Angaben, ab 18', text: adultsOnly, ground: AGB },
  others_data: { title: 'Daten anderer schützen', text: othersData, ground: AGB },
  illegal_content: {
    title: 'Nichts Rechtswidriges',
    text: nothingIllegal,
    ground: 'Gesetzliche Grundlage: das deutsche Strafrecht (zum Beispiel §§ 130, 201a, 241 StGB); zugleich unsere AGB, Abschnitt 7 „Hausregeln“.',
  },
  verification_match: { title: 'Verifizierung: dieselbe Person', text: 'Das Selfie zur Foto-Verifizierung zeigt dieselbe Person wie deine Fotos.', ground: AGB },
} as const;
export type HouseRuleId = keyof typeof houseRules;
export const houseRuleIds = Object.keys(houseRules) as [HouseRuleId, ...HouseRuleId[]];
const houseRuleId = z.enum(houseRuleIds, { error: 'Bitte wähle eine Hausregel aus der Liste.' });

/** The kinds of restriction that come with a statement of reasons. */
export const decisionKinds = ['photo_refused_auto', 'photo_removed', 'message_removed', 'account_suspended', 'verification_refused'] as const;
export type DecisionKind = (typeof decisionKinds)[number];

/** The German heading of each kind (mail subject, list entry). */
export const decisionTitles: Record<DecisionKind, string> = {
  photo_refused_auto: 'Dein Foto wurde nicht freigegeben',
  photo_removed: 'Dein Foto wurde gesperrt',
  message_removed: 'Eine Nachricht von dir wurde entfernt',
  account_suspended: 'Dein Konto wurde gesperrt',
  verification_refused: 'Deine Foto-Verifizierung wurde abgelehnt',
};

/** What reversing each kind does, as the admin queue says it. */
export const reversalLabels: Record<DecisionKind, string> = {
  photo_refused_auto: 'Foto freigeben',
  photo_removed: 'Foto wieder freigeben',
  message_removed: 'Nachricht wiederherstellen',
  account_suspended: 'Sperre aufheben',
  verification_refused: 'Verifizierung erteilen',
};

/** Optional body of the admin's restricting actions: the house rule; a call without one gets the action's default. */
/**
 * An admin's restriction: the house rule it rests on, and what she found (DSA Art. 17(3)(b): the
 * facts and circumstances), which the statement of reasons quotes. Never anything about another member.
 */
export const restrictionBody = z.object({
  rule: houseRuleId.optional(),
  facts: text({ max: 500, multiline: true, tooLong: 'Die Begründung darf höchstens 500 Zeichen lang sein.' }).optional(),
});
export type RestrictionBody = z.infer<typeof restrictionBody>;

export const objectionStatuses = ['open', 'upheld', 'reversed'] as const;
export type ObjectionStatus = (typeof objectionStatuses)[number];

export const objection = z.object({
  text: z.string(),
  status: z.enum(objectionStatuses),
  /** The team's answer, once decided. */
  answer: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Objection = z.infer<typeof objection>;

/** A statement of reasons as the member sees it (DSA Art. 17(3)): nothing about another member. */
export const statement = z.object({
  id: z.string(),
  kind: z.enum(decisionKinds),
  title: z.string(),
  /** Which photo, message or account (for a message: her own words, shortened). */
  object: z.string(),
  /** Facts and circumstances. */
  facts: z.string(),
  rule: z.object({ id: houseRuleId, title: z.string(), text: z.string(), ground: z.string() }),
  /** Whether a machine found it and whether a machine decided (Art. 17(3)(c)), in words. */
  automation: z.string(),
  automatedDetection: z.boolean(),
  automatedDecision: z.boolean(),
  /** The ways to object (Art. 17(3)(f)). */
  redress: z.string(),
  createdAt: z.string(),
  objectionUntil: z.string(),
  /** An objection can still be made (within the six months and none made yet). */
  canObject: z.boolean(),
  objection: objection.nullable(),
});
export type Statement = z.infer<typeof statement>;
export const statementsResponse = z.object({ items: z.array(statement) });
export type StatementsResponse = z.infer<typeof statementsResponse>;

/** The token of a statement's mailed link: sent in the body, never in a URL the server logs. */
const decisionToken = z.string({ error: 'Dieser Link ist ungültig oder abgelaufen.' }).min(16).max(128);
export const objectionText = text({
  min: 1,
  max: OBJECTION_TEXT_MAX,
  multiline: true,
  required: 'Bitte schreib, warum du widersprichst.',
  tooShort: 'Bitte schreib, warum du widersprichst.',
  tooLong: `Dein Widerspruch darf höchstens ${OBJECTION_TEXT_MAX} Zeichen lang sein.`,
  // Invisible characters alone are no reason (red team: "\u200b\u200b" reached the queue).
}).refine((v) => /[\p{L}\p{N}]/u.test(v), 'Bitte schreib, warum du widersprichst.');
export const statementByTokenBody = z.object({ token: decisionToken });
export const objectionByTokenBody = z.object({ token: decisionToken, text: objectionText });
export const objectionBody = z.object({ text: objectionText });
export const decisionIdParams = z.object({ id: id('Ungültige Entscheidungs-ID.') });

/** GET /api/admin/objections: an objection with the statement it is about and the member's name. */
export const adminObjection = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), name: z.string() }).nullable(),
  statement,
  /** The restricted object for the team: the photo's thumbnail link, else null. */
  thumbUrl: z.string().nullable(),
  /** What reversing does here ('Foto freigeben', 'Sperre aufheben', …). */
  reversal: z.string(),
});
export type AdminObjection = z.infer<typeof adminObjection>;
export const adminObjectionsResponse = z.array(adminObjection);
export const objectionIdParams = z.object({ id: id('Ungültige Widerspruchs-ID.') });
export const objectionDecisionBody = z.object({
  outcome: z.enum(['uphold', 'reverse'], { error: 'Erlaubt sind uphold und reverse.' }),
  answer: text({
    min: 1,
    max: ANSWER_TEXT_MAX,
    multiline: true,
    required: 'Bitte schreib eine kurze Antwort an das Mitglied.',
    tooShort: 'Bitte schreib eine kurze Antwort an das Mitglied.',
    tooLong: `Die Antwort darf höchstens ${ANSWER_TEXT_MAX} Zeichen lang sein.`,
  }),
});
export type ObjectionDecisionBody = z.infer<typeof objectionDecisionBody>;
export const messageIdParams = z.object({ id: id('Ungültige Nachrichten-ID.') });
