import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors.js';
import { fieldLabel } from './field-labels.js';
import { useGermanValidationMessages } from './locale.js';

describe('validation_error in German', () => {
  it('names a field by its German label, also inside lists', () => {
    expect(fieldLabel('newPassword')).toBe('Neues Passwort');
    expect(fieldLabel('prompts.0.answer')).toBe('Antwort');
    expect(errorMessage('validation_error', { field: 'newPassword', issue: 'Mindestens 8 Zeichen.' })).toBe(
      'Ungültige Eingabe im Feld „Neues Passwort“: Mindestens 8 Zeichen.',
    );
  });

  it('names no field rather than an English one; admin setting keys stay as the admin page shows them', () => {
    expect(errorMessage('validation_error', { field: 'cursor', issue: 'Ungültig.' })).toBe('Ungültige Eingabe: Ungültig.');
    expect(errorMessage('validation_error', { field: '', issue: 'Angabe fehlt.' })).toBe('Ungültige Eingabe: Angabe fehlt.');
    expect(fieldLabel('CREDIT_COST_PER_MESSAGE_MALE')).toBe('CREDIT_COST_PER_MESSAGE_MALE');
  });
});

describe('zod issues in plain German', () => {
  useGermanValidationMessages();
  const schema = z.object({
    password: z.string().min(8),
    count: z.number().int().max(10),
    photos: z.array(z.string()).max(1),
    radius: z.number().gt(0),
    code: z.string().length(6),
    own: z.string().min(2, 'Eigener Satz.'),
  });
  const messages = (input: unknown) => schema.safeParse(input).error?.issues.map((issue) => issue.message);

  it('says a missing value or a wrong type plainly, without English type names', () => {
    expect(messages({ count: 'x', photos: {}, radius: true, code: 1, own: 'ab' })).toEqual([
      'Angabe fehlt.',
      'Hier wird eine Zahl erwartet.',
      'Hier wird eine Liste erwartet.',
      'Hier wird eine Zahl erwartet.',
      'Hier wird ein Text erwartet.',
    ]);
  });

  it('says bounds with their unit in the right number; a schema keeps its own sentence', () => {
    expect(messages({ password: 'kurz', count: 11, photos: ['a', 'b'], radius: 0, code: '123', own: 'a' })).toEqual([
      'Mindestens 8 Zeichen.',
      'Höchstens 10.',
      'Höchstens 1 Eintrag.',
      'Mehr als 0.',
      'Genau 6 Zeichen.',
      'Eigener Satz.',
    ]);
  });
});
