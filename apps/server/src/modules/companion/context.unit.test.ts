import { describe, expect, it } from 'vitest';
import { buildMessages, searchWords } from './context.js';
import { createEmbeddedModel } from './embedded-engine.js';
import { FACTS_HEADER, PERSONA } from './persona.js';

describe('buildMessages', () => {
  it('keeps the persona, the memories and the newest turns that fit the token budget', () => {
    const turns = Array.from({ length: 10 }, (_, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content: `${i} ${'x'.repeat(396)}` }));
    const messages = buildMessages({ memories: ['Ich mag Jazz.'], facts: ['Ich wohne in Leipzig.'], turns, latest: 'Und jetzt?', budgetTokens: 800 });
    expect(messages[0]).toEqual({ role: 'system', content: PERSONA });
    expect(messages[1]!.content).toContain('- Ich mag Jazz.');
    expect(messages[2]).toEqual({ role: 'system', content: `${FACTS_HEADER}\n- Ich wohne in Leipzig.` });
    const kept = messages.slice(3, -1).map((m) => m.content.split(' ')[0]);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(10);
    expect(kept.at(-1)).toBe('9'); // the newest turns stay
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Und jetzt?' });
  });

  it('searches only for plain words', () => {
    expect(searchWords("Was weißt du über 'Bruno' & mich? a ab")).toEqual(['was', 'weißt', 'über', 'bruno', 'mich']);
  });
});

describe('the embedded engine', () => {
  const model = createEmbeddedModel();
  const ask = (latest: string, relevant: string[] = []) => model.complete({ messages: [], context: { relevant, recent: [], facts: [], learned: [], earlier: [], replies: [], latest } });

  it('answers the dating intents in German, deterministically', async () => {
    expect(await ask('Kannst du mir beim Profiltext helfen?')).toMatch(/Profil/);
    expect(await ask('Was soll ich ihr schreiben? Erste Nachricht!')).toMatch(/Nachricht|Eisbrecher/);
    expect(await ask('Hast du eine Idee für ein Date?')).toMatch(/Date/);
    expect(await ask('Ich bin so nervös vor dem Treffen')).toMatch(/normal|perfekt/);
    expect(await ask('Bist du ein Mensch?')).toMatch(/Ich bin eine KI/);
    expect(await ask('Hallo')).toBe(await ask('Hallo'));
  });

  it('recalls the relevant memory', async () => {
    expect(await ask('Erinnerst du dich an meinen Hund?', ['Mein Hund heißt Bruno.'])).toContain('Mein Hund heißt Bruno.');
  });
});
