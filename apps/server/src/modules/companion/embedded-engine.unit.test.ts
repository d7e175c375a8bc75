import { describe, expect, it } from 'vitest';
import { createEmbeddedModel } from './embedded-engine.js';
import { extractFacts } from './facts.js';

const model = createEmbeddedModel();
const ask = (latest: string, more: { facts?: string[]; replies?: string[] } = {}) =>
  model.complete({ messages: [], context: { relevant: [], recent: [], facts: more.facts ?? [], learned: extractFacts(latest), earlier: [], replies: more.replies ?? [], latest } });

describe('the embedded engine answers what was said', () => {
  it('gives two different statements two different replies, each naming what it was about', async () => {
    const park = await ask('Ich war heute mit meiner Schwester im Park.');
    const boss = await ask('Mein Chef hat mich heute vor allen gelobt.');
    expect(park).not.toBe(boss);
    expect(park).toContain('„Schwester“ und „Park“');
    expect(boss).toContain('„Chef“');
    const sad = await ask('Ich fühle mich heute ziemlich einsam.');
    expect(sad).toMatch(/nicht leicht/);
    const plain = [await ask('ich weiß nicht so recht'), await ask('hm, schwierig')];
    expect(plain[0]).not.toBe(plain[1]);
    expect(plain[0]).toMatch(/^„ich weiß nicht so recht“ – /);
  });

  it('names what an advice question adds beyond its topic and does not repeat a reply the conversation had', async () => {
    const zoo = await ask('Ich habe am Samstag ein Date im Zoo.');
    const cinema = await ask('Ich habe am Samstag ein Date im Kino.');
    expect(zoo).toContain('„Zoo“');
    expect(cinema).toContain('„Kino“');
    const first = await ask('Hast du eine Idee für ein Date?');
    const second = await ask('Hast du eine Idee für ein Date?', { replies: [first] });
    expect(second).not.toBe(first);
  });

  it('says back a fact it learned and where to delete it', async () => {
    const reply = await ask('Mein Hund heißt Krümel.');
    expect(reply).toMatch(/^Danke, das merke ich mir: Dein Hund heißt Krümel\. /);
    expect(reply).toContain('„Gespeicherte Erinnerungen“');
  });

  it('answers from facts of earlier conversations, and lists them when asked what it knows', async () => {
    const facts = ['Mein Hund heißt Krümel.', 'Ich wohne in Leipzig.', 'Ich arbeite als Hebamme.'];
    expect(await ask('Wie heißt mein Hund?', { facts })).toMatch(/: Krümel\. Das hast du mir in einem früheren Gespräch erzählt: „Mein Hund heißt Krümel\.“$/);
    expect(await ask('Wo wohne ich?', { facts })).toContain('in Leipzig');
    expect(await ask('Was ist mein Beruf?', { facts })).toContain('Hebamme');
    expect(await ask('Was weißt du über mich?', { facts })).toBe(
      'Das hast du mir bisher über dich erzählt: „Mein Hund heißt Krümel.“, „Ich wohne in Leipzig.“, „Ich arbeite als Hebamme.“. Unter „Gespeicherte Erinnerungen“ kannst du jedes davon löschen.',
    );
    expect(await ask('Wie heißt mein Hund?')).toMatch(/^Dazu hast du mir noch nichts erzählt/);
    expect(await ask('Wo wohne ich denn?')).toMatch(/^Dazu hast du mir noch nichts erzählt/);
    expect(await ask('Was kann ich tun?')).not.toMatch(/^Dazu hast du mir noch nichts erzählt/);
  });
});
