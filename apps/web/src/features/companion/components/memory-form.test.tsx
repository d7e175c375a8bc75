import { errorMessage } from '@funkeln/contracts/errors';
import { companionEndpoints } from '@funkeln/contracts/routes/companion';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failureFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { MemoryForm } from './memory-form';

describe('MemoryForm', () => {
  it.each([
    ['rate_limited', failureFor(companionEndpoints.saveMemory, 'rate_limited', { limit: 'memory' }), errorMessage('rate_limited', { limit: 'memory' })],
    ['unavailable', failureFor(companionEndpoints.saveMemory, 'unavailable'), errorMessage('unavailable')],
  ] as const)("shows the catalogue sentence for '%s' and keeps the memory", async (_code, handler, text) => {
    server.use(handler);
    const { user } = renderPage(<MemoryForm />);
    await user.type(screen.getByLabelText(de.companion.memoryText), 'Ich habe einen Hund namens Bruno.');
    await user.type(screen.getByLabelText(de.companion.memoryTags), 'Haustier');
    await user.click(screen.getByRole('button', { name: de.companion.memorySave }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByLabelText<HTMLTextAreaElement>(de.companion.memoryText).value).toBe('Ich habe einen Hund namens Bruno.');
    expect(screen.getByLabelText<HTMLInputElement>(de.companion.memoryTags).value).toBe('Haustier');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.companion.memorySave }).disabled).toBe(false);
  });
});
