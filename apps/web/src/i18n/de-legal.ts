/** Imprint and privacy notice. Text in [brackets] must be filled in by the operator before going live. */
interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  updated: string;
  sections: readonly LegalSection[];
}

export const imprint: LegalDocument = {
  title: 'Impressum',
  intro: 'Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG) und § 18 Medienstaatsvertrag (MStV).',
  updated: 'Stand: [Datum]',
  sections: [
    {
      heading: 'Anbieter',
      paragraphs: ['[Name des Betreibers / Firma inkl. Rechtsform]', '[Straße und Hausnummer]', '[PLZ Ort]', '[Land]'],
    },
    {
      heading: 'Vertreten durch',
      paragraphs: ['[Name der vertretungsberechtigten Person(en), z. B. Geschäftsführung]'],
    },
    {
      heading: 'Kontakt',
      paragraphs: ['Telefon: [Telefonnummer]', 'E-Mail: [E-Mail-Adresse]'],
    },
    {
      heading: 'Registereintrag',
      paragraphs: ['Registergericht: [Amtsgericht]', 'Registernummer: [HRB …]'],
    },
    {
      heading: 'Umsatzsteuer-ID',
      paragraphs: ['Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz: [DE …]'],
    },
    {
      heading: 'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV',
      paragraphs: ['[Name]', '[Anschrift]'],
    },
    {
      heading: 'Verbraucherstreitbeilegung',
      paragraphs: [
        'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen. [Bitte vom Betreiber prüfen und ggf. anpassen.]',
      ],
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

export const privacy: LegalDocument = {
  title: 'Datenschutzerklärung',
  intro:
    'Der Schutz deiner Daten ist uns wichtig. Hier erfährst du, welche personenbezogenen Daten Funkeln verarbeitet, wozu und auf welcher Rechtsgrundlage – und welche Rechte du hast.',
  updated: 'Stand: [Datum]',
  sections: [
    {
      heading: '1. Verantwortlicher',
      paragraphs: [
        '[Name des Betreibers / Firma], [Anschrift], E-Mail: [E-Mail-Adresse]. Datenschutzbeauftragte/r (falls benannt): [Name, Kontakt].',
      ],
    },
    {
      heading: '2. Welche Daten wir speichern',
      items: [
        'Konto: Anzeigename, Rolle, Zeitpunkt der Registrierung und ob deine E-Mail-Adresse bestätigt ist.',
        'E-Mail-Adresse: für Anmeldung, Bestätigung, Passwort-Zurücksetzen und wichtige Hinweise zu deinem Konto.',
        'Passwort: ausschließlich als Hash (Argon2id) – dein Passwort selbst kennen wir nicht.',
        'Sitzungen: Anmeldetoken mit Ablaufzeit, damit du eingeloggt bleibst; bei der Anmeldung mit Google zusätzlich die Google-Konto-ID.',
        'Profildaten: Texte wie „Über mich“ und „Was ich suche“ sowie weitere Angaben, die du freiwillig machst.',
        'Nachrichten: Inhalte deiner Nachrichten an andere Mitglieder und vorbezahlte Antworten in Credits.',
        'Fotos: hochgeladene Bilder werden neu kodiert, Metadaten (z. B. Standort) werden entfernt; eine automatische KI-Moderation prüft sie auf unzulässige Inhalte. Ihre Einstufung speichern wir mit dem Foto; zweifelhafte Fotos sieht vor der Freigabe ein Admin.',
        'Geschlecht und wen du kennenlernen möchtest: Diese Angaben können Rückschlüsse auf deine sexuelle Orientierung zulassen (Art. 9 DSGVO). Wir verwenden sie für passende Vorschläge und bitten dich dafür um deine ausdrückliche Einwilligung; jede Erteilung und jeden Widerruf speichern wir mit Zeitpunkt. Nach einem Widerruf wird dein Profil in Entdecken nicht mehr gezeigt.',
        'Foto-Verifizierung (freiwillig): Wenn du dich verifizierst, vergleicht ein Gesichtserkennungsmodell auf unserem Server dein Selfie mit den Gesichtern auf deinen Fotos und prüft die verlangte Kopfhaltung. Das sind biometrische Daten (Art. 9 DSGVO); wir verarbeiten sie nur mit deiner ausdrücklichen Einwilligung, die du jederzeit widerrufen kannst – dann entfernen wir das Abzeichen „Foto verifiziert“. Gespeichert werden nur Ergebnis, Zeitpunkt, Modellversion, die verlangte Pose und die Abstandswerte des Vergleichs. Die Gesichtsmerkmale deiner Fotos halten wir nur für den laufenden Versuch im Arbeitsspeicher unserer Server (höchstens 10 Minuten, danach oder nach dem Vergleich gelöscht), nie dauerhaft. Dein Selfie sehen andere Mitglieder nie; nur wenn das Ergebnis unsicher ist, bewahren wir es auf, bis ein Admin entschieden hat, und löschen es dann.',
        'Einstellungen: wer dir schreiben darf, ob du E-Mail-Benachrichtigungen möchtest und ob dein Profil über einen Link geteilt werden darf.',
        'Wohnort: nur als Ort; seine Koordinaten werden auf etwa 1 km gerundet und nie an andere Mitglieder weitergegeben.',
        'Likes, Flirts, Matches und Blockierungen, damit Entdecken und Matches funktionieren.',
        'Credits: jede Buchung (Belohnungen, Käufe, Nachrichten, Premium) in einem Buchungsjournal; Zahlungen verarbeitet Stripe, Kartendaten sehen wir nicht.',
        'Digital Friend: deine Unterhaltungen mit dem KI-Begleiter und die Erinnerungen, die du speicherst.',
        'Top10: deine Teilnahme in Kategorien und die Stimmen, die du abgibst.',
        'Meldungen, die du abschickst, und Meldungen über dich, damit unser Team Missbrauch prüfen kann; jede Entscheidung der Admins (z. B. Foto gesperrt, Meldung erledigt) halten wir in einem Protokoll fest.',
        'Technische Daten: IP-Adresse in Server-Protokollen und zur Missbrauchsabwehr (z. B. Begrenzung von Anmeldeversuchen), kurzfristig gespeichert. Passwörter, Tokens und Nachrichteninhalte schreiben wir nie in Protokolle.',
      ],
    },
    {
      heading: '3. Zwecke und Rechtsgrundlagen',
      items: [
        'Bereitstellung der Dating-Plattform und deines Kontos: Vertragserfüllung, Art. 6 Abs. 1 lit. b DSGVO.',
        'Sicherheit, Missbrauchs- und Betrugsabwehr, Moderation: berechtigtes Interesse, Art. 6 Abs. 1 lit. f DSGVO.',
        'Freiwillige Profilangaben, die Rückschlüsse auf sensible Daten zulassen (z. B. sexuelle Orientierung): deine ausdrückliche Einwilligung, Art. 9 Abs. 2 lit. a DSGVO – jederzeit widerrufbar.',
        'Foto-Verifizierung (Vergleich deines Selfies mit deinen Fotos, biometrische Daten): deine ausdrückliche Einwilligung, Art. 9 Abs. 2 lit. a DSGVO – jederzeit widerrufbar; der Widerruf entfernt das Abzeichen.',
        'Aufbewahrungspflichten (z. B. für Zahlungsbelege): rechtliche Verpflichtung, Art. 6 Abs. 1 lit. c DSGVO.',
      ],
    },
    {
      heading: '4. Lokaler Speicher statt Tracking',
      paragraphs: [
        'Wir verwenden keine Tracking- oder Werbe-Cookies und keine Analyse-Dienste Dritter. Im lokalen Speicher deines Browsers (localStorage) legen wir nur zwei Einträge ab: „token“ (dein Anmeldetoken) und „theme“ (helles oder dunkles Design). Beim Abmelden wird das Token gelöscht. Während einer Anmeldung mit Google setzen wir ein kurzlebiges, technisch notwendiges Cookie zum Schutz vor Fälschungen.',
      ],
    },
    {
      heading: '5. Empfänger und Dienstleister',
      paragraphs: [
        'Deine Daten verkaufen wir nicht. Wir setzen Auftragsverarbeiter nach Art. 28 DSGVO ein: [Hosting-Anbieter, Sitz], [E-Mail-Versanddienst, Sitz]. Bei der Anmeldung mit Google gelten zusätzlich die Datenschutzhinweise von Google. Andere Mitglieder sehen nur dein Profil – nie deine E-Mail-Adresse; deine Identität wird erst bei einem Match sichtbar.',
      ],
    },
    {
      heading: '6. Speicherdauer',
      paragraphs: [
        'Wir speichern deine Daten, solange dein Konto besteht. Bestätigungs- und Zurücksetzungslinks verfallen nach kurzer Zeit und werden danach gelöscht. Nach Löschung deines Kontos entfernen wir deine Daten, sofern keine gesetzlichen Aufbewahrungspflichten entgegenstehen (siehe Abschnitt 7).',
      ],
    },
    {
      heading: '7. Daten exportieren und Konto löschen',
      items: [
        'Export: Unter „Einstellungen“ lädt „Meine Daten exportieren“ alles, was wir über dich gespeichert haben, als maschinenlesbare JSON-Datei herunter – mit deinem Foto.',
        'Löschen: Unter „Einstellungen“ löscht „Konto löschen“ nach Eingabe deines Passworts sofort Konto, Profil, Fotos (in allen Größen), Sitzungen, Einwilligungen, Einstellungen, Likes, Matches sowie Digital-Friend-Unterhaltungen und -Erinnerungen, Ergebnisse der Foto-Verifizierung und ein noch aufbewahrtes Selfie. Danach bist du auf allen Geräten abgemeldet.',
        'Was bleibt: Nachrichten, die du anderen geschrieben hast, bleiben bei den Empfängern als von „Gelöschtes Profil“ stehen. Credit-Buchungen bewahren wir ohne Bezug zu deiner Person für die Buchhaltung auf. Meldungen bleiben ohne Bezug zu deiner Person für die Missbrauchsabwehr erhalten.',
      ],
    },
    {
      heading: '8. Deine Rechte',
      items: [
        'Auskunft über deine gespeicherten Daten (Art. 15 DSGVO)',
        'Berichtigung unrichtiger Daten (Art. 16 DSGVO)',
        'Löschung deiner Daten (Art. 17 DSGVO)',
        'Einschränkung der Verarbeitung (Art. 18 DSGVO)',
        'Datenübertragbarkeit in einem gängigen, maschinenlesbaren Format (Art. 20 DSGVO)',
        'Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO)',
        'Widerruf erteilter Einwilligungen mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO)',
        'Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO), z. B. [zuständige Aufsichtsbehörde]',
      ],
    },
    {
      heading: '9. Kontakt zum Datenschutz',
      paragraphs: ['Für alle Fragen und zur Ausübung deiner Rechte schreib uns an [E-Mail-Adresse für Datenschutzanfragen].'],
    },
  ],
};
