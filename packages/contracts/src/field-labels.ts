/**
 * German names of the request fields a member fills in, for the 400 'validation_error' sentence
 * (the same words the forms use). Fields a member never types (ids, cursors, push keys) have none:
 * their sentence names no field rather than an English one.
 */
const fieldLabels: Readonly<Record<string, string>> = {
  email: 'E-Mail',
  password: 'Passwort',
  currentPassword: 'Aktuelles Passwort',
  newPassword: 'Neues Passwort',
  displayName: 'Anzeigename',
  aboutMe: 'Über mich',
  lookingFor: 'Was ich suche',
  birthDate: 'Geburtsdatum',
  gender: 'Ich bin',
  interestedIn: 'Ich möchte kennenlernen',
  orientation: 'Orientierung',
  ageMin: 'Alter von',
  ageMax: 'Alter bis',
  placeId: 'Wohnort',
  interests: 'Interessen',
  prompts: 'Fragen',
  promptId: 'Frage',
  answer: 'Antwort',
  radius: 'Umkreis (km)',
  body: 'Nachricht',
  content: 'Text',
  prepaidReply: 'Vorbezahlte Antwort (Credits)',
  messagePref: 'Wer darf mir schreiben?',
  reason: 'Grund',
  details: 'Details',
  goodFaith: 'Bestätigung',
  note: 'Anmerkung',
  attachMessages: 'Nachrichten mitschicken',
  tags: 'Schlagwörter',
  categories: 'Kategorien',
  category: 'Kategorie',
  q: 'Suche',
  shareEnabled: 'Profil über Link teilen',
  readReceipts: 'Lesebestätigungen',
  pushPreviews: 'Namen in Push-Benachrichtigungen',
  emailNotifications: 'E-Mail-Benachrichtigungen',
  emailOnMatch: 'E-Mail bei einem Match',
  emailOnMessage: 'E-Mail bei einer Nachricht',
  emailOnFlirt: 'E-Mail bei einem Flirt',
  place: 'Wo trefft ihr euch?',
  address: 'Adresse',
  startsAt: 'Wann?',
  withPhoto: 'Profilfoto mitschicken',
};

/** Admin setting keys are the names the admin page shows; they are kept as they are. */
const SETTING_KEY = /^[A-Z][A-Z0-9_]+$/;

/** The German label of a field path ('prompts.0.answer' -> 'Antwort'), or null to name none. */
export function fieldLabel(path: string): string | null {
  const name = path
    .split('.')
    .reverse()
    .find((segment) => !/^\d+$/.test(segment));
  if (name === undefined) return null;
  if (Object.hasOwn(fieldLabels, name)) return fieldLabels[name] ?? null;
  return SETTING_KEY.test(name) ? name : null;
}

/** 'Ungültige Eingabe im Feld „Neues Passwort“: Zu kurz …', or without a field when it has no German name. */
export function validationMessage(field: string, issue: string): string {
  const label = fieldLabel(field);
  return label === null ? `Ungültige Eingabe: ${issue}` : `Ungültige Eingabe im Feld „${label}“: ${issue}`;
}
