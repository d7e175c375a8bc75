import type { LegalInfo } from '@funkeln/contracts/legal';
import { count } from '@funkeln/contracts/plural';
import type { LegalSection } from '@funkeln/contracts/terms-text';

/**
 * Impressum and Datenschutz, built from GET /api/legal: the operator's details as configured and
 * the server's own retention constants, so the text cannot drift from what the code does.
 */

export interface LegalDocument {
  title: string;
  intro: string;
  updated: string;
  sections: readonly LegalSection[];
}

/** The date of this version of the texts (change it with the texts). */
const LEGAL_TEXT_DATE = '2026-11-25';

const updated = `Stand: ${new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${LEGAL_TEXT_DATE}T00:00:00Z`))}`;

export const sampleNotice =
  'Beispielangaben – vor dem Livegang ersetzen. Dieser Server kennt die Angaben des Betreibers noch nicht (OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_EMAIL, OPERATOR_STATE); im Produktivbetrieb startet er ohne sie nicht.';
export const loadFailed = 'Die Angaben konnten nicht geladen werden.';

/** Privacy by default (Art. 25 DSGVO): the own profile's share actions while sharing is off. */
export const sharingOff = {
  hint: 'Dein Profil ist gerade nicht über einen Link zu sehen – das Teilen ist aus, bis du es einschaltest.',
  settingsLink: 'In den Einstellungen einschalten',
};

const UNITS = [
  [86_400, 'Tag', 'Tage'],
  [3600, 'Stunde', 'Stunden'],
  [60, 'Minute', 'Minuten'],
  [1, 'Sekunde', 'Sekunden'],
] as const;

/** '7 Tage', '1 Stunde', '10 Minuten': the largest unit that divides the period evenly. */
export function duration(seconds: number): string {
  const [size, one, many] = UNITS.find(([unit]) => seconds % unit === 0) ?? UNITS[3];
  return count(seconds / size, one, many);
}

export function imprint(info: LegalInfo): LegalDocument {
  const o = info.operator;
  const optional = (heading: string, paragraph: string | null): LegalSection[] => (paragraph ? [{ heading, paragraphs: [paragraph] }] : []);
  return {
    title: 'Impressum',
    intro: 'Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG).',
    updated,
    sections: [
      { heading: 'Anbieter', paragraphs: [o.name, ...o.address] },
      ...optional('Vertreten durch', o.representative),
      { heading: 'Kontakt', paragraphs: [`E-Mail: ${o.email}`, ...(o.phone ? [`Telefon: ${o.phone}`] : [])] },
      ...optional('Registereintrag', o.register),
      ...optional('Umsatzsteuer-ID', o.vatId ? `Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz: ${o.vatId}` : null),
      {
        heading: 'Verbraucherstreitbeilegung',
        paragraphs: ['Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.'],
      },
      {
        heading: 'Haftung für Inhalte und Links',
        paragraphs: [
          'Wir sind für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich. Für Inhalte, die Mitglieder einstellen (z. B. Profiltexte, Fotos, Nachrichten), sind wir erst ab Kenntnis einer konkreten Rechtsverletzung verantwortlich; entsprechende Inhalte entfernen wir dann umgehend.',
          'Für Inhalte verlinkter externer Seiten sind ausschließlich deren Betreiber verantwortlich.',
        ],
      },
    ],
  };
}

export function privacy(info: LegalInfo): LegalDocument {
  return {
    title: 'Datenschutzerklärung',
    intro:
      'Der Schutz deiner Daten ist uns wichtig. Hier erfährst du, welche personenbezogenen Daten Funkeln verarbeitet, wozu und auf welcher Rechtsgrundlage, an wen sie gehen, wie lange wir sie speichern – und welche Rechte du hast.',
    updated,
    sections: [controller(info), data(info), purposes(), storage(info), recipients(info), retention(info), exportAndErase(), rights(info), contact(info)],
  };
}

function controller({ operator: o, privacy: p }: LegalInfo): LegalSection {
  return {
    heading: '1. Verantwortlicher',
    paragraphs: [`${o.name}, ${o.address.join(', ')}, E-Mail: ${o.email}${o.phone ? `, Telefon: ${o.phone}` : ''}.`, ...(p.dpo ? [`Datenschutzbeauftragte/r: ${p.dpo}.`] : [])],
  };
}

function data({ retention: r, recipients }: LegalInfo): LegalSection {
  return {
    heading: '2. Welche Daten wir verarbeiten',
    items: [
      'Konto: Anzeigename, Rolle, Zeitpunkt der Registrierung und ob deine E-Mail-Adresse bestätigt ist.',
      'E-Mail-Adresse: für Anmeldung, Bestätigung, Passwort-Zurücksetzen, wichtige Hinweise zu deinem Konto und die Benachrichtigungen, die du eingeschaltet hast.',
      'Passwort: ausschließlich als Hash (Argon2id) – dein Passwort selbst kennen wir nicht.',
      `Sitzungen: Anmeldetoken (bei uns nur als Hash) mit Ablaufzeit, damit du eingeloggt bleibst. Eine Sitzung endet, wenn du sie ${duration(r.sessionIdleSeconds)} lang nicht nutzt, spätestens ${duration(r.sessionMaxSeconds)} nach der Anmeldung.${recipients.google ? ' Bei der Anmeldung mit Google zusätzlich die Google-Konto-ID.' : ''}`,
      'Profil: Texte wie „Über mich“ und „Was ich suche“, Geburtsdatum (andere sehen nur dein Alter), Interessen, Antworten auf Profilfragen und weitere Angaben, die du freiwillig machst.',
      'Wohnort: nur als Ort; seine Koordinaten werden auf etwa 1 km gerundet und nie an andere Mitglieder weitergegeben.',
      'Fotos: hochgeladene Bilder werden neu kodiert, Metadaten (z. B. Standort) werden entfernt; eine automatische KI-Moderation auf unserem Server prüft sie auf unzulässige Inhalte und erkennt, ob ein Gesicht zu sehen ist. Die Einstufung speichern wir mit dem Foto; zweifelhafte Fotos sieht vor der Freigabe ein Admin.',
      'Geschlecht und wen du kennenlernen möchtest: Diese Angaben können Rückschlüsse auf deine sexuelle Orientierung zulassen (Art. 9 DSGVO). Wir verwenden sie für passende Vorschläge nur mit deiner ausdrücklichen Einwilligung, die du beim Ausfüllen des Profils erteilst und unter „Einstellungen“ jederzeit widerrufen kannst; jede Erteilung und jeden Widerruf speichern wir mit Zeitpunkt. Nach einem Widerruf wird dein Profil in Entdecken nicht mehr gezeigt.',
      `Foto-Verifizierung (freiwillig): Wenn du dich verifizierst, prüft ein Gesichtserkennungsmodell auf unserem Server eine kurze Kameraaufnahme (einige Einzelbilder) auf eine echte Kopfbewegung in die verlangte Richtung, stellt sicher, dass keines der Bilder eine Kopie eines deiner Fotos ist, und vergleicht dein Gesicht mit den Gesichtern auf deinen Fotos. Das sind biometrische Daten (Art. 9 DSGVO); wir verarbeiten sie nur mit deiner ausdrücklichen Einwilligung, die du auf der Seite „Foto-Verifizierung“ erteilst und dort jederzeit widerrufen kannst – dann entfernen wir das Abzeichen „Foto verifiziert“. Gespeichert werden nur Ergebnis, Zeitpunkt, Modellversion, die verlangte Pose und die Abstandswerte des Vergleichs. Die Gesichtsmerkmale deiner Fotos halten wir nur für den laufenden Versuch im Arbeitsspeicher unserer Server (höchstens ${duration(r.verificationAttemptSeconds)}, danach oder nach dem Vergleich gelöscht), nie dauerhaft. Die Aufnahme sehen andere Mitglieder nie, und wir speichern sie nicht; nur wenn das Ergebnis unsicher ist, bewahren wir ihr letztes Bild (dein Selfie) auf, bis ein Admin entschieden hat, und löschen es dann.`,
      'Nachrichten: Inhalte deiner Nachrichten an andere Mitglieder und vorbezahlte Antworten in Credits.',
      'Likes, Flirts, Matches und Blockierungen, damit Entdecken und Matches funktionieren.',
      `Credits und Zahlungen: jede Buchung (Belohnungen, Käufe, Nachrichten, Premium) in einem Buchungsjournal.${recipients.stripe ? ' Käufe bezahlst du bei Stripe; wir erhalten nur Betrag, Paket und den Zahlungsstatus – Kartendaten sehen wir nie.' : ' Ein Zahlungsdienst ist auf diesem Server nicht angebunden.'}`,
      'Digital Friend: deine Unterhaltungen mit dem KI-Begleiter, die Erinnerungen, die du speicherst, und was er sich aus deinen Nachrichten über dich merkt (etwa Wohnort oder den Namen deines Haustiers; du siehst und löschst es unter „Gespeicherte Erinnerungen“).',
      'Top10: deine Teilnahme in Kategorien und die Stimmen, die du abgibst.',
      'Benachrichtigungen: deine Wahl für E-Mails und, wenn du Push-Benachrichtigungen einschaltest, die Push-Adresse deines Browsers.',
      'Einstellungen: wer dir schreiben darf, Lesebestätigungen, Benachrichtigungen und ob dein Profil über einen Link geteilt werden darf. Das Teilen ist aus, bis du es einschaltest; dann sieht jede Person mit dem Link deinen Namen, dein Alter, deinen Ort und dein Hauptfoto.',
      'Meldungen, die du abschickst, und Meldungen über dich, damit unser Team Missbrauch prüfen kann; jede Entscheidung der Admins (z. B. Foto gesperrt, Meldung erledigt) halten wir in einem Protokoll fest.',
      'Technische Daten: IP-Adresse in Server-Protokollen und zur Missbrauchsabwehr (z. B. Begrenzung von Anmeldeversuchen). Passwörter, Tokens und Nachrichteninhalte schreiben wir nie in Protokolle.',
    ],
  };
}

function purposes(): LegalSection {
  return {
    heading: '3. Zwecke und Rechtsgrundlagen',
    items: [
      'Bereitstellung der Dating-Plattform und deines Kontos, Nachrichten, Digital Friend, Credits und Benachrichtigungen: Vertragserfüllung, Art. 6 Abs. 1 lit. b DSGVO.',
      'Sicherheit, Missbrauchs- und Betrugsabwehr, Moderation, Server-Protokolle: berechtigtes Interesse, Art. 6 Abs. 1 lit. f DSGVO.',
      'Angaben, die Rückschlüsse auf deine sexuelle Orientierung zulassen: deine ausdrückliche Einwilligung, Art. 9 Abs. 2 lit. a DSGVO – jederzeit widerrufbar unter „Einstellungen“.',
      'Foto-Verifizierung (biometrische Daten): deine ausdrückliche Einwilligung, Art. 9 Abs. 2 lit. a DSGVO – jederzeit widerrufbar auf der Seite „Foto-Verifizierung“; der Widerruf entfernt das Abzeichen.',
      'Teilen deines Profils über einen Link: deine Entscheidung in den Einstellungen, Art. 6 Abs. 1 lit. a DSGVO – jederzeit abschaltbar.',
      'Aufbewahrungspflichten (z. B. für Buchungen): rechtliche Verpflichtung, Art. 6 Abs. 1 lit. c DSGVO.',
    ],
  };
}

function storage({ recipients }: LegalInfo): LegalSection {
  return {
    heading: '4. Lokaler Speicher statt Tracking',
    paragraphs: [
      `Wir verwenden keine Tracking- oder Werbe-Cookies und keine Analyse-Dienste Dritter. Im lokalen Speicher deines Browsers (localStorage) legen wir nur zwei Einträge ab: „token“ (dein Anmeldetoken) und „theme“ (helles oder dunkles Design). Beim Abmelden wird das Token gelöscht.${recipients.google ? ' Während einer Anmeldung mit Google setzen wir ein kurzlebiges, technisch notwendiges Cookie zum Schutz vor Fälschungen.' : ''}`,
    ],
  };
}

function recipients({ recipients: r }: LegalInfo): LegalSection {
  return {
    heading: '5. Empfänger und Dienstleister',
    paragraphs: ['Deine Daten verkaufen wir nicht. Dienstleister, die Daten in unserem Auftrag verarbeiten, sind nach Art. 28 DSGVO vertraglich gebunden. Dieser Server gibt Daten nur an diese Empfänger weiter:'],
    items: [
      ...(r.hosting ? [`Hosting: ${r.hosting} betreibt die Server, auf denen alle hier genannten Daten liegen.`] : []),
      r.mail
        ? `E-Mail-Versand: ${r.mail} erhält deine E-Mail-Adresse und den Inhalt der Mails, die wir dir schicken.`
        : 'E-Mail: Dieser Server verschickt keine E-Mails; sie bleiben in einem Test-Postfach auf dem Server.',
      ...(r.storage ? [`Foto-Speicher: ${r.storage} speichert deine Fotos und ein noch aufbewahrtes Verifizierungs-Selfie.`] : []),
      ...(r.stripe ? ['Zahlungen: Stripe Payments Europe, Ltd. (Dublin, Irland) wickelt Käufe ab; es gilt zusätzlich die Datenschutzerklärung von Stripe.'] : []),
      r.companionModel
        ? `Digital Friend: ${r.companionModel} erzeugt die Antworten; dafür erhält der Dienst deine Nachrichten an den Digital Friend, frühere Nachrichten der Unterhaltung, passende Erinnerungen und was er sich über dich gemerkt hat – nie deine E-Mail-Adresse.`
        : 'Digital Friend: Die Antworten entstehen auf unserem Server; deine Unterhaltungen verlassen ihn nicht.',
      ...(r.google ? ['Anmeldung mit Google: Google Ireland Limited (Dublin, Irland), wenn du diese Anmeldung wählst; es gelten zusätzlich die Datenschutzhinweise von Google.'] : []),
      'Push-Benachrichtigungen (wenn du sie einschaltest): Sie laufen über den Push-Dienst deines Browsers (z. B. von Google, Mozilla oder Apple); ihr Inhalt ist verschlüsselt, der Dienst kann ihn nicht lesen.',
      'Andere Mitglieder sehen nur dein Profil – nie deine E-Mail-Adresse, dein Geburtsdatum oder die Koordinaten deines Wohnorts; wer dir anonym flirtet, bleibt bis zu einem Match unerkannt.',
    ],
  };
}

function retention({ retention: r }: LegalInfo): LegalSection {
  const cleanup = r.cleanupIntervalSeconds === 86_400 ? 'täglichen Bereinigung' : `Bereinigung, die alle ${duration(r.cleanupIntervalSeconds)} läuft`;
  return {
    heading: '6. Speicherdauer',
    items: [
      'Konto, Profil, Fotos, Nachrichten und Digital-Friend-Daten: solange dein Konto besteht. Löschst du dein Konto, entfernen wir sie sofort (siehe Abschnitt 7).',
      `Sitzungen: Eine Anmeldung gilt ${duration(r.sessionIdleSeconds)} ab der letzten Nutzung, höchstens ${duration(r.sessionMaxSeconds)}. Abgelaufene und abgemeldete Sitzungen löschen wir bei der ${cleanup}.`,
      `Links in E-Mails: Ein Bestätigungslink gilt ${duration(r.verifyLinkSeconds)}, ein Link zum Zurücksetzen des Passworts ${duration(r.resetLinkSeconds)}. Nicht genutzte Links löschen wir nach Ablauf bei der ${cleanup}, genutzte ${duration(r.usedLinkSeconds)} nach der Nutzung (für Rückfragen).`,
      `E-Mails: Eine verschickte E-Mail löschen wir ${duration(r.mailSentSeconds)} nach dem Versand aus unserem Postausgang, eine unzustellbare ${duration(r.mailFailedSeconds)} nach dem letzten Versuch.`,
      `Push-Benachrichtigungen: Eine zugestellte löschen wir ${duration(r.pushSentSeconds)} nach der Zustellung, eine nicht zustellbare ${duration(r.pushFailedSeconds)} nach dem letzten Versuch.`,
      `Foto-Verifizierung: Ein Versuch gilt ${duration(r.verificationAttemptSeconds)}; die Gesichtsmerkmale deiner Fotos verschwinden spätestens dann aus dem Arbeitsspeicher. Ein aufbewahrtes Selfie löschen wir mit der Entscheidung eines Admins.`,
      `Meldungen: Eine entschiedene Meldung löschen wir ${duration(r.reportSeconds)} nach der Entscheidung, mitgeschickte Nachrichten schon ${duration(r.reportEvidenceSeconds)} danach; offene Meldungen bleiben bis zur Entscheidung. Eine E-Mail-Adresse, die du ohne Konto bei einer Meldung angibst, nutzen wir nur für die Eingangsbestätigung und unsere Entscheidung und löschen sie mit der Entscheidung.`,
      `Server-Protokolle: ${duration(r.logSeconds)}.`,
      'Buchungen von Credits bewahren wir ohne Bezug zu deiner Person auf, solange gesetzliche Aufbewahrungspflichten es verlangen.',
    ],
  };
}

function exportAndErase(): LegalSection {
  return {
    heading: '7. Daten exportieren und Konto löschen',
    items: [
      'Export: Unter „Einstellungen“ lädt „Meine Daten exportieren“ alles, was wir über dich gespeichert haben, als maschinenlesbare JSON-Datei herunter – mit deinen Fotos.',
      'Löschen: Unter „Einstellungen“ löscht „Konto löschen“ nach Eingabe deines Passworts sofort Konto, Profil, Fotos (in allen Größen), Sitzungen, Einwilligungen, Einstellungen, Likes, Matches sowie Digital-Friend-Unterhaltungen und -Erinnerungen, Ergebnisse der Foto-Verifizierung und ein noch aufbewahrtes Selfie. Danach bist du auf allen Geräten abgemeldet.',
      'Was bleibt: Nachrichten, die du anderen geschrieben hast, bleiben bei den Empfängern als von „Gelöschtes Profil“ stehen. Credit-Buchungen bewahren wir ohne Bezug zu deiner Person für die Buchhaltung auf. Meldungen bleiben ohne Bezug zu deiner Person für die Missbrauchsabwehr erhalten.',
    ],
  };
}

function rights({ authority }: LegalInfo): LegalSection {
  return {
    heading: '8. Deine Rechte',
    items: [
      'Auskunft über deine gespeicherten Daten (Art. 15 DSGVO) – am schnellsten über „Meine Daten exportieren“',
      'Berichtigung unrichtiger Daten (Art. 16 DSGVO) – dein Profil änderst du jederzeit selbst',
      'Löschung deiner Daten (Art. 17 DSGVO) – über „Konto löschen“',
      'Einschränkung der Verarbeitung (Art. 18 DSGVO)',
      'Datenübertragbarkeit in einem gängigen, maschinenlesbaren Format (Art. 20 DSGVO) – der Export ist eine JSON-Datei',
      'Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO)',
      'Widerruf erteilter Einwilligungen mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO) – unter „Einstellungen“ und auf der Seite „Foto-Verifizierung“',
      `Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO); für uns zuständig ist: ${authority.name}${authority.url ? ` (${authority.url})` : ''}`,
    ],
  };
}

function contact({ privacy: p }: LegalInfo): LegalSection {
  return {
    heading: '9. Kontakt zum Datenschutz',
    paragraphs: [`Für alle Fragen und zur Ausübung deiner Rechte schreib uns an ${p.email}.`],
  };
}
