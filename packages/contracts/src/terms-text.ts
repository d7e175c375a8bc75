import type { LegalInfo } from './legal.js';
import { TERMS_VERSION, WITHDRAWAL_CONSENT } from './terms.js';
import { creditPacks, formatEuro, PREMIUM_DAYS } from './wallet.js';

/**
 * The AGB, the Widerrufsbelehrung and the Muster-Widerrufsformular, written from the operator's
 * configuration: the /agb page and the purchase confirmation mail show the same text (one source).
 * A change of the AGB is a new TERMS_VERSION.
 */
export interface LegalSection {
  heading: string;
  /** The anchor of the section (/agb#widerruf). */
  id?: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

type Operator = Pick<LegalInfo['operator'], 'name' | 'address' | 'email' | 'phone'>;

/** '8. Dezember 2026' */
export function germanDate(isoDay: string): string {
  return new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));
}

export const TERMS_TITLE = 'Allgemeine Geschäftsbedingungen (AGB)';
export const termsUpdated = `Stand: ${germanDate(TERMS_VERSION)}`;
/** Outside production: the texts are a draft nobody with legal training has checked yet. */
export const TERMS_DRAFT_NOTICE = 'Beispielangaben – vor dem Livegang prüfen lassen. Diese AGB und die Widerrufsbelehrung sind ein Entwurf und wurden noch nicht rechtlich geprüft.';

const contactLine = (o: Operator) => [o.name, ...o.address, `E-Mail: ${o.email}`, ...(o.phone ? [`Telefon: ${o.phone}`] : [])].join(', ');

export const HOUSE_RULES = [
  'Du bist mindestens 18 Jahre alt und nutzt Funkeln nur für dich selbst – ein Konto pro Person.',
  'Deine Angaben und Fotos zeigen dich. Fremde Fotos, Fotos von Kindern und Fotos mit nackter Haut sind nicht erlaubt.',
  'Sei respektvoll: keine Beleidigungen, Drohungen, Belästigung und keine ungefragten sexuellen Inhalte.',
  'Keine Werbung, kein Spam, keine Geldforderungen und keine Betrugsversuche.',
  'Nichts Verbotenes: keine Hetze, keine Gewaltdarstellung und keine Inhalte, die gegen Gesetze verstoßen.',
  'Schütze andere: Gib keine persönlichen Daten anderer Mitglieder weiter.',
] as const;

export function termsSections(o: Operator): LegalSection[] {
  const packs = creditPacks.map((p) => `${p.name}: ${p.credits} Credits für ${formatEuro(p.priceCents)}`).join('; ');
  return [
    {
      heading: '1. Wer wir sind und wofür diese AGB gelten',
      paragraphs: [
        `Funkeln wird betrieben von: ${contactLine(o)}.`,
        'Diese AGB gelten für die Nutzung von Funkeln im Browser und für alle Käufe darin. Mit der Registrierung schließt du mit uns einen Vertrag über die Nutzung von Funkeln. Es gilt die Fassung, der du zugestimmt hast.',
      ],
    },
    {
      heading: '2. Was Funkeln bietet',
      paragraphs: [
        'Funkeln hilft Singles, sich kennenzulernen: Profil mit Fotos, Vorschläge zum Liken, Flirts, Nachrichten, die monatliche Foto-Top10 und den Digital Friend. Die Grundfunktionen sind kostenlos. Für manche Funktionen brauchst du Credits.',
        'Wir vermitteln Kontakte, aber wir versprechen keinen Erfolg – ob es funkt, liegt nicht in unserer Hand. Wir halten Funkeln so gut es geht erreichbar; kurze Pausen für Wartung und Störungen können vorkommen.',
      ],
    },
    {
      heading: '3. Dein Konto',
      paragraphs: [
        'Mitmachen darfst du ab 18 Jahren. Deine Angaben müssen stimmen, dein Passwort bleibt geheim. Du bist für das verantwortlich, was über dein Konto geschieht.',
      ],
    },
    {
      heading: '4. Credits und Credit-Pakete',
      paragraphs: [
        `Credits kaufst du in Paketen: ${packs}. Alle Preise sind Endpreise inklusive Mehrwertsteuer. Bezahlt wird über unseren Zahlungsdienstleister; die Credits werden nach der Zahlung sofort gutgeschrieben.`,
        'Credits sind kein Geld: Sie werden nicht ausgezahlt, nicht verzinst und können nicht an andere übertragen werden – außer als vorausbezahlte Antwort innerhalb von Funkeln. Gekaufte Credits verfallen nicht, solange dein Konto besteht.',
        'Kostenlose Credits (zum Beispiel Willkommens-Credits und Belohnungen) sind ein freiwilliges Angebot. Wie viele es gibt, siehst du in der App; wir können das Angebot für die Zukunft ändern. Wie viele Credits eine Funktion kostet, steht in der App immer vor dem Ausgeben.',
        'Eine vorausbezahlte Antwort hält die Credits fest, bis dein Gegenüber antwortet. Kommt innerhalb von 7 Tagen keine Antwort, bekommst du die Credits zurück.',
      ],
    },
    {
      heading: '5. Premium',
      paragraphs: [
        `Premium kaufst du mit Credits für ${PREMIUM_DAYS} Tage; den Preis siehst du vor dem Kauf. Premium ist kein Abo: Es endet von selbst, nichts verlängert sich automatisch.`,
      ],
    },
    {
      heading: '6. Der Digital Friend',
      paragraphs: [
        'Der Digital Friend ist eine KI, kein Mensch. Seine Antworten entstehen automatisch und können falsch sein. Er ersetzt keine Beratung durch Fachleute; in einer Notlage wende dich an den Notruf 112 oder die Telefonseelsorge (0800 111 0 111).',
      ],
    },
    { heading: '7. Hausregeln', items: HOUSE_RULES },
    {
      heading: '8. Meldungen, Moderation und Sperrung',
      paragraphs: [
        'Jede und jeder kann Profile, Fotos und Nachrichten melden, die gegen Gesetze oder diese Hausregeln verstoßen – auch ohne Konto. Fotos prüfen wir zuerst automatisch und, wo nötig, durch unser Team.',
        'Verstößt ein Inhalt gegen Gesetze oder die Hausregeln, können wir ihn entfernen, Funktionen einschränken oder das Konto sperren. Du bekommst dann eine Begründung: was wir entschieden haben, auf welcher Grundlage und ob dabei automatische Mittel im Spiel waren.',
        'Gegen jede Entscheidung kannst du innerhalb von 6 Monaten Widerspruch einlegen, auch wenn dein Konto gesperrt ist – über den Link in unserer E-Mail. Über deinen Widerspruch entscheidet ein Mensch. Der Weg zu den Gerichten bleibt dir immer offen.',
      ],
    },
    {
      heading: '9. Kündigung und Löschung',
      paragraphs: [
        'Der Vertrag läuft unbefristet. Du kannst ihn jederzeit ohne Frist beenden, indem du dein Konto in den Einstellungen löschst. Wir können mit einer Frist von 4 Wochen kündigen; bei schweren Verstößen gegen Gesetze oder die Hausregeln auch fristlos.',
        'Kündigen wir ohne wichtigen Grund, erstatten wir dir den Preis der gekauften Credits, die du noch nicht verbraucht hast. Löschst du dein Konto selbst, verfallen vorhandene Credits; dein Widerrufsrecht und gesetzliche Ansprüche bleiben davon unberührt.',
      ],
    },
    {
      heading: '10. Änderungen dieser AGB',
      paragraphs: [
        'Ändern sich diese AGB, zeigen wir dir die neue Fassung bei deinem nächsten Besuch. Sie gilt für dich erst, wenn du zustimmst. Stimmst du nicht zu, kannst du dein Konto jederzeit löschen.',
      ],
    },
    {
      heading: '11. Haftung',
      paragraphs: [
        'Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, für Schäden an Leben, Körper und Gesundheit und nach dem Produkthaftungsgesetz. Bei leichter Fahrlässigkeit haften wir nur, wenn wir eine Pflicht verletzen, die für den Vertrag wesentlich ist, und nur für den vorhersehbaren, typischen Schaden.',
      ],
    },
    {
      heading: '12. Schlussbestimmungen',
      paragraphs: [
        'Es gilt deutsches Recht. Zwingende Schutzvorschriften des Landes, in dem du als Verbraucherin oder Verbraucher lebst, bleiben bestehen. An Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle nehmen wir nicht teil.',
      ],
    },
  ];
}

/** The statutory Widerrufsbelehrung for digital content (Anlage 1 zu Art. 246a § 1 Abs. 2 EGBGB), kept in its official wording. */
export function withdrawalSections(o: Operator): LegalSection[] {
  return [
    {
      heading: 'Widerrufsbelehrung',
      id: 'widerruf',
      paragraphs: [
        'Kurz gesagt: Du kannst einen Kauf 14 Tage lang ohne Grund widerrufen. Möchtest du deine Credits sofort nutzen, bestätigst du beim Kauf, dass dein Widerrufsrecht mit der Gutschrift erlischt.',
        'Widerrufsrecht',
        'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.',
        `Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (${contactLine(o)}) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.`,
        'Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.',
        'Folgen des Widerrufs',
        'Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.',
        'Erlöschen des Widerrufsrechts',
        'Das Widerrufsrecht erlischt bei einem Vertrag über die Bereitstellung von nicht auf einem körperlichen Datenträger befindlichen digitalen Inhalten (hier: Credits), wenn wir mit der Ausführung des Vertrags begonnen haben, nachdem Sie ausdrücklich zugestimmt haben, dass wir vor Ablauf der Widerrufsfrist mit der Ausführung des Vertrags beginnen, Sie Ihre Kenntnis davon bestätigt haben, dass Sie durch Ihre Zustimmung mit Beginn der Ausführung des Vertrags Ihr Widerrufsrecht verlieren, und wir Ihnen eine Bestätigung des Vertrags auf einem dauerhaften Datenträger zur Verfügung gestellt haben.',
      ],
    },
    {
      heading: 'Muster-Widerrufsformular',
      id: 'widerrufsformular',
      paragraphs: ['(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)'],
      items: [
        `An ${[o.name, ...o.address].join(', ')}, E-Mail: ${o.email}:`,
        'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
        'Bestellt am (*)/erhalten am (*)',
        'Name des/der Verbraucher(s)',
        'Anschrift des/der Verbraucher(s)',
        'Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
        'Datum',
        '(*) Unzutreffendes streichen.',
      ],
    },
  ];
}

/** The /agb page and the mail's appendix: the AGB, then the Widerrufsbelehrung and the form. */
export function termsDocument(o: Operator): { title: string; intro: string; updated: string; sections: LegalSection[] } {
  return {
    title: TERMS_TITLE,
    intro: 'Die Regeln für Funkeln in einfachen Worten – mit Widerrufsbelehrung und Muster-Widerrufsformular am Ende.',
    updated: termsUpdated,
    sections: [...termsSections(o), ...withdrawalSections(o)],
  };
}

/** The sentence the confirmation mail adds about the consent given at the purchase (§ 312f (3) BGB). */
export const CONSENT_CONFIRMED = `Bei deinem Kauf hast du bestätigt: „${WITHDRAWAL_CONSENT}“ Wir haben die Credits daraufhin sofort gutgeschrieben; dein Widerrufsrecht für diesen Kauf ist damit erloschen.`;
