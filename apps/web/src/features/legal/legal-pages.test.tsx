import type { LegalInfo } from '@funkeln/contracts/legal';
import { TERMS_DRAFT_NOTICE } from '@funkeln/contracts/terms-text';
import { legalEndpoints } from '@funkeln/contracts/routes/legal';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { duration, sampleNotice } from '../../i18n/de-legal';
import { answerFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { AgbPage } from './agb-page';
import { DatenschutzPage } from './datenschutz-page';
import { ImpressumPage } from './impressum-page';

const DAY = 86_400;
const info: LegalInfo = {
  operator: {
    name: 'Funkeln GmbH',
    address: ['Musterstraße 1', '10115 Berlin'],
    email: 'kontakt@funkeln.de',
    phone: '+49 30 1234567',
    representative: null,
    register: 'Amtsgericht Charlottenburg, HRB 1 B',
    vatId: null,
    sample: false,
  },
  privacy: { email: 'datenschutz@funkeln.de', dpo: null },
  termsDraft: false,
  authority: { name: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit', url: 'https://www.datenschutz-berlin.de' },
  recipients: { hosting: null, mail: 'smtp.mailer.example', stripe: false, companionModel: null, storage: null, google: false },
  retention: {
    reportEvidenceSeconds: 190 * DAY,
    reportSeconds: 365 * DAY,
    sessionIdleSeconds: 7 * DAY,
    sessionMaxSeconds: 30 * DAY,
    verifyLinkSeconds: 48 * 3600,
    resetLinkSeconds: 3600,
    usedLinkSeconds: 7 * DAY,
    mailSentSeconds: 7 * DAY,
    mailFailedSeconds: 30 * DAY,
    pushSentSeconds: DAY,
    pushFailedSeconds: 7 * DAY,
    verificationAttemptSeconds: 600,
    logSeconds: 14 * DAY,
    cleanupIntervalSeconds: DAY,
  },
};

const text = () => document.body.textContent ?? '';

describe('duration', () => {
  it('names the largest whole unit in German, singular and plural', () => {
    expect([7 * DAY, DAY, 48 * 3600, 36 * 3600, 3600, 600, 90, 1].map(duration)).toEqual(['7 Tage', '1 Tag', '2 Tage', '36 Stunden', '1 Stunde', '10 Minuten', '90 Sekunden', '1 Sekunde']);
  });
});

describe('Impressum', () => {
  it("shows the operator's details, only those given, with a real date and no placeholder", async () => {
    server.use(answerFor(legalEndpoints.info, info));
    renderPage(<ImpressumPage />);
    expect(await screen.findByRole('heading', { name: 'Impressum' })).toBeTruthy();
    for (const line of ['Funkeln GmbH', 'Musterstraße 1', '10115 Berlin', 'E-Mail: kontakt@funkeln.de', 'Telefon: +49 30 1234567', 'Amtsgericht Charlottenburg, HRB 1 B']) {
      expect(screen.getByText(line)).toBeTruthy();
    }
    expect(screen.queryByRole('heading', { name: 'Umsatzsteuer-ID' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Vertreten durch' })).toBeNull();
    expect(text()).toMatch(/Stand: \d{1,2}\. [A-Z][a-zä]+ 20\d\d/);
    expect(text()).not.toContain('[');
    expect(screen.queryByTestId('legal-sample')).toBeNull();
  });

  it('marks a sample operator', async () => {
    server.use(answerFor(legalEndpoints.info, { ...info, operator: { ...info.operator, sample: true } }));
    renderPage(<ImpressumPage />);
    expect((await screen.findByTestId('legal-sample')).textContent).toBe(sampleNotice);
  });
});

describe('Datenschutz', () => {
  it("states the server's retention periods, recipients as configured and the authority", async () => {
    server.use(answerFor(legalEndpoints.info, info));
    renderPage(<DatenschutzPage />);
    expect(await screen.findByRole('heading', { name: 'Datenschutzerklärung' })).toBeTruthy();
    const all = text();
    expect(all).toContain('Eine Anmeldung gilt 7 Tage ab der letzten Nutzung, höchstens 30 Tage.');
    expect(all).toContain('Eine Sitzung endet, wenn du sie 7 Tage lang nicht nutzt, spätestens 30 Tage nach der Anmeldung.');
    expect(all).toContain('Ein Bestätigungslink gilt 2 Tage, ein Link zum Zurücksetzen des Passworts 1 Stunde.');
    expect(all).toContain('genutzte 7 Tage nach der Nutzung');
    expect(all).toContain('Eine verschickte E-Mail löschen wir 7 Tage nach dem Versand aus unserem Postausgang, eine unzustellbare 30 Tage nach dem letzten Versuch.');
    expect(all).toContain('Server-Protokolle: 14 Tage.');
    expect(all).toContain('höchstens 10 Minuten');
    expect(all).toContain('E-Mail-Versand: smtp.mailer.example');
    expect(all).toContain('Die Antworten entstehen auf unserem Server');
    expect(all).toContain('Berliner Beauftragte für Datenschutz und Informationsfreiheit (https://www.datenschutz-berlin.de)');
    expect(all).toContain('datenschutz@funkeln.de');
    expect(all).not.toMatch(/Stripe|Google Ireland|Foto-Speicher|Hosting:/);
    expect(all).not.toContain('[');
  });

  it('names Stripe, the model provider, the S3 provider and Google only when the server uses them', async () => {
    const recipients = { hosting: 'Hoster GmbH, Nürnberg', mail: 'smtp.mailer.example', stripe: true, companionModel: 'Model AG', storage: 's3.example.net', google: true };
    server.use(answerFor(legalEndpoints.info, { ...info, recipients, retention: { ...info.retention, sessionIdleSeconds: 3 * DAY } }));
    renderPage(<DatenschutzPage />);
    await screen.findByRole('heading', { name: 'Datenschutzerklärung' });
    const all = text();
    for (const part of ['Hosting: Hoster GmbH, Nürnberg', 'Stripe Payments Europe', 'Digital Friend: Model AG erzeugt die Antworten', 'Foto-Speicher: s3.example.net', 'Google Ireland Limited']) {
      expect(all).toContain(part);
    }
    expect(all).toContain('Eine Anmeldung gilt 3 Tage ab der letzten Nutzung');
  });
});

describe('AGB', () => {
  it("names the operator, the packs and their prices, the withdrawal and the form, with anchors the purchase dialog links to", async () => {
    server.use(answerFor(legalEndpoints.info, info));
    renderPage(<AgbPage />);
    expect(await screen.findByRole('heading', { name: 'Allgemeine Geschäftsbedingungen (AGB)' })).toBeTruthy();
    for (const phrase of ['Funkeln GmbH, Musterstraße 1, 10115 Berlin, E-Mail: kontakt@funkeln.de', 'Starter: 50 Credits für 4,99 EUR', 'Pro: 260 Credits für 19,99 EUR', 'Premium ist kein Abo', 'Der Digital Friend ist eine KI, kein Mensch.', 'innerhalb von 6 Monaten Widerspruch', 'Das Widerrufsrecht erlischt', 'Unzutreffendes streichen']) {
      expect(text()).toContain(phrase);
    }
    expect(document.getElementById('widerruf')?.querySelector('h2')?.textContent).toBe('Widerrufsbelehrung');
    expect(document.getElementById('widerrufsformular')?.querySelector('h2')?.textContent).toBe('Muster-Widerrufsformular');
    expect(screen.queryByTestId('legal-draft')).toBeNull();
  });

  it('is marked as a draft to be checked outside production', async () => {
    server.use(answerFor(legalEndpoints.info, { ...info, termsDraft: true }));
    renderPage(<AgbPage />);
    expect((await screen.findByTestId('legal-draft')).textContent).toBe(TERMS_DRAFT_NOTICE);
    expect(TERMS_DRAFT_NOTICE.startsWith('Beispielangaben – vor dem Livegang prüfen lassen')).toBe(true);
  });
});
