import { describe, expect, it } from 'vitest';
import { createEmbeddedModel } from './embedded-engine.js';
import { answerPart, bestMatch, isQuestion, matchScore } from './memory-match.js';

const MEMORIES = [
  'Mein Hund heißt Bello.',
  'Ich trinke am liebsten Cappuccino.',
  'Meine Schwester heißt Ida.',
  'Ich wohne seit drei Jahren in Leipzig.',
  'Mein Lieblingsessen ist Käsespätzle.',
  'Ich spiele jeden Dienstag Volleyball.',
];

describe('matching a question to what the member saved', () => {
  it.each([
    ['Wie heißt mein Hund?', 'Mein Hund heißt Bello.', 'Bello'],
    ['wie heisst mein hund', 'Mein Hund heißt Bello.', 'Bello'],
    ['Weißt du noch, wie mein Hund heißt?', 'Mein Hund heißt Bello.', 'Bello'],
    ['Wie hieß nochmal mein Hund?', 'Mein Hund heißt Bello.', 'Bello'],
    ['Was trinke ich am liebsten?', 'Ich trinke am liebsten Cappuccino.', 'Cappuccino'],
    ['Was trinke ich denn so am liebsten?', 'Ich trinke am liebsten Cappuccino.', 'Cappuccino'],
    ['Erinnerst du dich, was ich am liebsten trinke?', 'Ich trinke am liebsten Cappuccino.', 'Cappuccino'],
    ['Wie war nochmal der Name meines Hundes?', 'Mein Hund heißt Bello.', 'Bello'],
    ['Was trinke ich gerne?', 'Ich trinke am liebsten Cappuccino.', 'Cappuccino'],
    ['WAS TRINKE ICH AM LIEBSTEN', 'Ich trinke am liebsten Cappuccino.', 'Cappuccino'],
    ['Wie heißt meine Schwester?', 'Meine Schwester heißt Ida.', 'Ida'],
    ['Wo wohne ich?', 'Ich wohne seit drei Jahren in Leipzig.', 'in Leipzig'],
    ['Was ist mein Lieblingsessen?', 'Mein Lieblingsessen ist Käsespätzle.', 'Käsespätzle'],
    ['Wann spiele ich Volleyball?', 'Ich spiele jeden Dienstag Volleyball.', 'Dienstag'],
  ])('%s -> %s', (question, expected, answer) => {
    const match = bestMatch(question, MEMORIES, []);
    expect(match?.text).toBe(expected);
    expect(match?.source).toBe('memory');
    expect(match?.answer).toBe(answer);
  });

  it.each([
    'Wie heißt meine Katze?',
    'Was esse ich zum Frühstück?',
    'Wo arbeite ich?',
    'Hast du eine Idee für ein Date?',
    'Wer bist du?',
    'Was soll ich ihr schreiben?',
    'Wie geht es dir?',
    'Was trinkt meine Schwester?',
    'Wo wohnt mein Hund?',
  ])('finds nothing for %s', (question) => {
    expect(bestMatch(question, MEMORIES, [])).toBeUndefined();
  });

  it('scores the share of the question words a text holds, and nothing below two thirds of one word in two', () => {
    expect(matchScore('Wie heißt mein Hund?', 'Mein Hund heißt Bello.')).toBe(1);
    expect(matchScore('Wie heißt mein Hund?', 'Meine Schwester heißt Ida.')).toBe(0);
    expect(matchScore('Was trinke ich morgens am liebsten?', 'Ich trinke am liebsten Cappuccino.')).toBeCloseTo(2 / 3);
    expect(matchScore('Wie?', 'Mein Hund heißt Bello.')).toBe(0);
  });

  it('treats "heißen" and "Name" as the same', () => {
    expect(bestMatch('Wie heißt mein Hund?', ['Ich habe einen Hund namens Bruno.'], [])?.answer).toBe('Bruno');
  });

  it('recalls earlier statements of the conversation, the newest first, never earlier questions', () => {
    const earlier = ['Mein Hund heißt Rex.', 'Wie heißt mein Hund?', 'Mein Hund heißt jetzt Bello.'];
    expect(bestMatch('Wie heißt mein Hund?', [], earlier)).toEqual({ text: 'Mein Hund heißt jetzt Bello.', source: 'earlier', answer: 'Bello' });
    expect(bestMatch('Wie heißt mein Hund?', [], ['Wie heißt mein Hund?'])).toBeUndefined();
    expect(bestMatch('Wie heißt mein Hund?', ['Mein Hund heißt Bello.'], ['Mein Hund heißt Rex.'])?.source).toBe('memory');
  });

  it('gives no answer part when the new words are scattered', () => {
    expect(answerPart('Was habe ich über Samstag erzählt?', 'Ich gehe am Samstag mit Jana ins Kino.')).toBe('');
    expect(answerPart('Wie heißt meine Schwester?', 'Meine Schwester heißt Ida und wohnt in Berlin.')).toBe('');
  });

  it('knows a question from a statement', () => {
    expect(isQuestion('Wie heißt mein Hund')).toBe(true);
    expect(isQuestion('Mein Hund heißt Bello?')).toBe(true);
    expect(isQuestion('Mein Hund heißt Bello.')).toBe(false);
    expect(isQuestion('Wiebke ist nett.')).toBe(false);
  });
});

describe('the embedded engine answers from memories', () => {
  const model = createEmbeddedModel();
  const ask = (latest: string, relevant: string[] = [], earlier: string[] = []) => model.complete({ messages: [], context: { relevant, recent: [], facts: [], learned: [], earlier, replies: [], latest } });

  it('names the answer and its source in German', async () => {
    const reply = await ask('Wie heißt mein Hund?', MEMORIES);
    expect(reply).toMatch(/: Bello\. Du hast mich gebeten, mir das zu merken: „Mein Hund heißt Bello\.“$/);
    expect(await ask('Was trinke ich am liebsten?', MEMORIES)).toContain('Cappuccino');
    expect(await ask('Wie heißt mein Hund?', [], ['Mein Hund heißt Bello.'])).toContain('Du hast vorhin geschrieben: „Mein Hund heißt Bello.“');
  });

  it('does not make up an answer when nothing matches', async () => {
    const nothing = /^Dazu hast du mir noch nichts erzählt/;
    expect(await ask('Wie heißt meine Katze?', [])).toMatch(nothing);
    expect(await ask('Wie heißt meine Katze?', ['Mein Hund heißt Bello.'])).toMatch(nothing);
    expect(await ask('Erinnerst du dich an meinen Urlaub?', ['Mein Hund heißt Bello.'])).toMatch(nothing);
    expect(await ask('Mein Hund heißt Bello.', MEMORIES)).not.toContain('merken');
  });

  it('keeps the crisis answer first', async () => {
    expect(await ask('Erinnerst du dich? Ich will nicht mehr leben.', MEMORIES)).toContain('0800 111 0 111');
  });
});
