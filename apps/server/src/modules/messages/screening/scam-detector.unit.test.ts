import { describe, expect, it } from 'vitest';
import { findIbans, ibanChecksumValid } from './iban.js';
import { detectScam } from './scam-detector.js';

const hint = (text: string) => detectScam(text).hint;
const patterns = (text: string) => detectScam(text).patterns;

describe('IBAN', () => {
  it('checks the ISO 13616 checksum and the country length', () => {
    expect(ibanChecksumValid('DE89370400440532013000')).toBe(true);
    expect(ibanChecksumValid('DE89370400440532013001')).toBe(false);
    expect(ibanChecksumValid('GB82WEST12345698765432')).toBe(true);
    expect(findIbans('Überweis auf DE89 3704 0044 0532 0130 00 bitte')).toEqual(['DE89370400440532013000']);
    expect(findIbans('at61 1904 3002 3457 3201')).toEqual(['AT611904300234573201']);
    expect(findIbans('DE12 3456 7890 1234 5678 90')).toEqual([]);
  });
});

describe('scam hints', () => {
  it.each([
    'Kannst du mir 200 Euro leihen? Ich zahl es dir zurück',
    'Schick mir bitte einen Amazon Gutschein über 100 €',
    'Hol dir eine Steam-Karte und schick mir den Code',
    'Ich investiere in Bitcoin, willst du auch?',
    'Meine USDT Wallet Adresse schick ich dir',
    'Überweis es einfach per Western Union',
    'Geht auch per PayPal',
    'Meine IBAN: DE89 3704 0044 0532 0130 00',
    'DE89370400440532013000',
    'Kauf paysafecard',
  ])('warns of money in "%s"', (text) => {
    expect(hint(text)).toBe('money');
  });

  it.each([
    'Schreib mir auf WhatsApp',
    'Hast du W.h.a.t.s.A.p.p?',
    'Mein Insta ist lena_92',
    'Lass uns auf Telegram weiterschreiben',
    'Bist du bei Signal?',
    'Ruf mich an: 0170 1234567',
    'Meine Nummer +49 (170) 123-45-67',
    '0 1 7 0 1 2 3 4 5 6 7',
    'Schreib mir an lena.m@web.de',
    'lena (at) gmx (punkt) de',
    'Schau mal auf www.beispiel.de',
    'https://example.com/profil',
    'mein snap: lenchen',
    't.me/lena',
  ])('says to stay in the chat for "%s"', (text) => {
    expect(hint(text)).toBe('contact');
  });

  it.each([
    'Hallo! Wie war dein Wochenende?',
    'Ich hab noch einen Gutschein fürs Kino, magst du mit?',
    'Wir treffen uns um 19:30 am Bahnhof',
    'Das war ein gutes Signal, finde ich.',
    'Ich wohne in 01067 Dresden',
    'Am 12.05.2024 war ich in Wien',
    'z.B. Wandern oder Kochen',
    'Ich verdiene mein Geld als Krankenpfleger.',
    'Ich bin 1,80 m groß und 34 Jahre alt',
    'Kostet ca. 1.000 Euro, der Urlaub',
  ])('has no hint for "%s"', (text) => {
    expect(hint(text)).toBeNull();
  });
});

describe('patterns to count across recipients', () => {
  it('writes one number, address or link one way however it is spelled', () => {
    expect(patterns('+49 170 1234567')).toEqual([{ kind: 'phone', value: '01701234567' }]);
    expect(patterns('0049 170/1234567')).toEqual([{ kind: 'phone', value: '01701234567' }]);
    expect(patterns('0170-123 45 67')).toEqual([{ kind: 'phone', value: '01701234567' }]);
    expect(patterns('LENA.M@WEB.DE')).toEqual([{ kind: 'email', value: 'lena.m@web.de' }]);
    expect(patterns('lena.m (at) web (punkt) de')).toEqual([{ kind: 'email', value: 'lena.m@web.de' }]);
    expect(patterns('https://www.Beispiel.de/x')).toEqual([{ kind: 'link', value: 'beispiel.de/x' }]);
    expect(patterns('DE89 3704 0044 0532 0130 00')).toEqual([{ kind: 'iban', value: 'DE89370400440532013000' }]);
  });

  it('counts a long text as a pattern, a short opener not', () => {
    expect(patterns('Hallo, wie geht es dir?')).toEqual([]);
    const long = 'Ich bin Soldat im Auslandseinsatz und brauche dringend Hilfe, mein Konto ist gesperrt und ich komme nicht an mein Geld.';
    const [pattern] = patterns(long);
    expect(pattern?.kind).toBe('text');
    expect(patterns(long.toUpperCase().replaceAll(' ', '  '))).toEqual([pattern]);
  });
});
