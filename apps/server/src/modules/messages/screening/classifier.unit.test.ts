import { parseTermLines } from '@funkeln/contracts/message-terms';
import { describe, expect, it } from 'vitest';
import { createClassifier } from './classifier.js';
import { normalizedWords } from './normalize.js';

const classifier = createClassifier();
const reason = (text: string) => classifier.classify(text)?.reason ?? null;

describe('normalizedWords', () => {
  it('folds case, umlauts, accents, lookalikes, invisible characters, leetspeak, separators and repeats', () => {
    expect(normalizedWords('Du bist HÄSSLICH')).toEqual(['du', 'bist', 'haesslich', '.']);
    expect(normalizedWords('Du bist haesslich')).toEqual(normalizedWords('Du bist häßlich'));
    expect(normalizedWords('1d10t!!!')).toEqual(['idiot', '.']);
    expect(normalizedWords('d.u i.d.i.o.t')).toEqual(['du', 'idiot', '.']);
    expect(normalizedWords('f o t z e')).toEqual(['fotze', '.']);
    expect(normalizedWords('Fo\u200Btze')).toEqual(['fotze', '.']);
    expect(normalizedWords('Ｆｏｔｚｅ')).toEqual(['fotze', '.']);
    expect(normalizedWords('Fоtzе')).toEqual(['fotze', '.']); // Cyrillic о and е
    expect(normalizedWords('Huuuuure')).toEqual(['huuuuure', '.']);
    expect(reason('Huuuuure')).toBe('insult');
    expect(normalizedWords('ich bring dich um 8, ok?')).toEqual(['ich', 'bring', 'dich', 'um', '0', ',', 'ok', '.']);
  });
});

describe('the classifier', () => {
  it.each([
    ['Du Schlampe', 'insult'],
    ['du dreckssch1ampe', 'insult'],
    ['S.c.h.l.a.m.p.e', 'insult'],
    ['Du bist eine H u r e', 'insult'],
    ['du hurensohn', 'insult'],
    ['FOTZE', 'insult'],
    ['Du Missgeburt', 'insult'],
    ['Misssssgeburt', 'insult'],
    ['Wichser!', 'insult'],
    ['w1chs3r', 'insult'],
    ['Du Vollidiot', 'insult'],
    ['Halt die Fresse', 'insult'],
    ['Ich bring dich um', 'threat'],
    ['ich bringe dich heute noch um!', 'threat'],
    ['Ich weiß, wo du wohnst.', 'threat'],
    ['ich weiss wo du wohnst', 'threat'],
    ['ich werde dich umbringen', 'threat'],
    ['Willst du ficken?', 'sexual'],
    ['schick mir nacktbilder', 'sexual'],
    ['Schick mir Nudes', 'sexual'],
    ['zeig dich mal nackt', 'sexual'],
    ['lutsch meinen schwanz', 'sexual'],
  ])('asks before "%s" (%s)', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });

  it.each([
    'Du bist aber schlampig mit deinen Nachrichten 😄',
    'Die Schlamperei im Büro nervt mich.',
    'Ich liebe Fotzelschnitten zum Frühstück.',
    'Ich bring dich um 8 nach Hause, okay?',
    'Ich bring dich um halb neun zum Bahnhof.',
    'Ich finde dich echt sympathisch.',
    'Du wirst es nicht bereuen!',
    'Mein Hund wedelt immer mit dem Schwanz.',
    'Wir haben gestern Arschbomben im See gemacht.',
    'Das Konzert war richtig geil!',
    'Ich wohne am Arsch der Welt, aber es ist schön hier.',
    'Mein Bruder ist behindert und der beste Mensch, den ich kenne.',
    'Die Vögel singen heute so schön.',
    'Hast du Lust auf einen Kaffee?',
    'Sex and the City schaue ich gern.',
    'Spaß muss sein!',
    'Ich hab die Uhren umgestellt.',
    'In weniger als einer Minute dabei.',
    'Spaßt du? Das glaub ich nicht!',
    'Fick-Fack, sagte mein Opa immer.',
  ])('lets "%s" through', (text) => {
    expect(reason(text)).toBeNull();
  });

  it("takes the admin's lines: new words, and allowed words that never count", () => {
    const parsed = parseTermLines('beleidigung: lauch\nerlaubt: mongo');
    if (!('lines' in parsed)) throw new Error(parsed.issue);
    const custom = createClassifier(parsed.lines);
    expect(custom.classify('du Lauch')?.reason).toBe('insult');
    expect(reason('du mongo')).toBe('insult');
    expect(custom.classify('du mongo')).toBeNull();
  });

  it('catches the red team\'s misses that a list can (issue 57)', () => {
    for (const text of ['Ich werde dich töten', 'Ich t0te dich', 'Ich bringe dich morgen früh im Park um.']) expect(reason(text), text).toBe('threat');
    for (const text of ['Du Wixxer', 'Du Wichsa', 'Du Votze', 'Du A-loch']) expect(reason(text), text).toBe('insult');
    for (const text of ['Ich bring dich um 8 nach Hause', 'Die Tote im Krimi war spannend', 'Ich bringe dich morgen früh zum Bahnhof um acht']) expect(reason(text), text).toBeNull();
  });

  it("stops a costly admin list at its step budget, and the built-in words are still tried (red team: 500 lines of '~ *a ~ , ~ . ~ b' took 1-2 s a message)", () => {
    const costly = Array.from({ length: 500 }, (_, i) => ({ kind: 'threat' as const, phrase: `~ *a ~ , ~ . ~ b${i}` }));
    const classifier = createClassifier(costly);
    const flood = Array(600).fill('a,').join(' ');
    expect(classifier.classify(flood)).toBeNull();
    expect(classifier.classify(`${flood} du Schlampe`)?.reason).toBe('insult');
  });

  it('decides a phrase of many gaps in a bounded number of steps (red team: ten `~` took 14 s, forty never ended)', () => {
    const many = createClassifier([{ kind: 'insult', phrase: `${'~ '.repeat(40)}zzzq` }]);
    const words = Array(200).fill('ab').join(' ');
    expect(many.classify(words)).toBeNull();
    expect(many.classify(`${words} zzzq`)?.reason).toBe('insult');
    const two = createClassifier([{ kind: 'threat', phrase: 'ich ~ dich ~ um' }]);
    expect(two.classify('ich bring dich morgen um')?.reason).toBe('threat');
  });
});

describe('the term grammar', () => {
  it('names the bad line in German', () => {
    expect(parseTermLines('beleidigung: gut\nquatsch')).toEqual({ issue: expect.stringContaining('Zeile 2') });
    expect(parseTermLines('drohung: ~')).toEqual({ issue: expect.stringContaining('Zeile 1') });
    expect(parseTermLines('drohung: ich ~ dich ~ um')).toEqual({ lines: [{ kind: 'threat', phrase: 'ich ~ dich ~ um' }] });
    expect(parseTermLines('beleidigung: gut\nbeleidigung: ~ ~ ~ ~ ~ zzzq')).toEqual({ issue: 'Zeile 2: höchstens 4-mal „~“ in einem Eintrag.' });
    expect(parseTermLines('sexuell: a\u0000b')).toEqual({ issue: expect.stringContaining('Zeile 1') });
    expect(parseTermLines('x'.repeat(20_001))).toEqual({ issue: expect.stringContaining('20000') });
    expect(parseTermLines(Array.from({ length: 501 }, (_, i) => `beleidigung: wort${i}`).join('\n'))).toEqual({ issue: expect.stringContaining('500') });
  });
});
