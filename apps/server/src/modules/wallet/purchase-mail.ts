import type { LegalInfo } from '@funkeln/contracts/legal';
import { CONSENT_CONFIRMED, TERMS_TITLE, termsDocument, termsUpdated } from '@funkeln/contracts/terms-text';
import { findPack, formatEuro } from '@funkeln/contracts/wallet';
import { layout, sectionsText } from '../../platform/mail/mail-layout.js';
import type { OutgoingMail } from '../../platform/mail/outbox.repo.js';

export interface ConfirmedPurchase {
  id: string;
  packId: string;
  credits: number;
  priceCents: number;
  paidAt: Date;
  /** When she gave the § 356 (5) BGB consent (null: a purchase from before it was asked). */
  consentAt: Date | null;
}

const berlinTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' });

/**
 * The order confirmation on a durable medium (§ 312f BGB): what she bought, for how much, from
 * whom, the consent she gave to immediate performance, and the AGB, the Widerrufsbelehrung and the
 * Muster-Widerrufsformular in full.
 */
export function purchaseConfirmationMail(
  to: { email: string; name: string },
  purchase: ConfirmedPurchase,
  operator: LegalInfo['operator'],
  publicUrl: string,
): OutgoingMail {
  const pack = findPack(purchase.packId);
  const intro = `Hallo ${to.name},`;
  const thanks = 'vielen Dank für deinen Kauf. Deine Credits sind gutgeschrieben. Hier ist deine Bestellbestätigung zum Aufbewahren.';
  const order = [
    `Bestellnummer: ${purchase.id}`,
    `Datum: ${berlinTime.format(purchase.paidAt)} Uhr`,
    `Credit-Paket: ${pack?.name ?? purchase.packId} (${purchase.credits} Credits)`,
    `Preis: ${formatEuro(purchase.priceCents)} (inkl. MwSt.)`,
    `Anbieter: ${[operator.name, ...operator.address].join(', ')}, ${operator.email}`,
  ];
  const consent = purchase.consentAt
    ? CONSENT_CONFIRMED
    : 'Für diesen Kauf hast du dein Widerrufsrecht nicht abgegeben: Du kannst ihn innerhalb von 14 Tagen widerrufen (siehe Widerrufsbelehrung).';
  const terms = termsDocument(operator);
  const appendix = `Es gelten unsere ${TERMS_TITLE}, ${termsUpdated}. Du findest sie mit der Widerrufsbelehrung und dem Muster-Widerrufsformular unten und unter ${publicUrl}/agb.`;
  const wallet = `${publicUrl}/wallet`;
  return {
    to: to.email,
    subject: `Deine Bestellbestätigung: ${pack?.name ?? 'Credit-Paket'} (${purchase.credits} Credits)`,
    text: [intro, thanks, order.join('\n'), consent, appendix, wallet, sectionsText(terms.sections), 'Dein Funkeln-Team'].join('\n\n'),
    html: layout('Deine Bestellbestätigung', [intro, thanks, ...order, consent], { label: 'Zu deinen Credits', url: wallet }, [appendix], terms.sections),
  };
}
