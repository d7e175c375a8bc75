import { errorMessage } from '@funkeln/contracts/errors';
import { companionEndpoints } from '@funkeln/contracts/routes/companion';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor, failureFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { MemoryList } from './memory-list';

describe('MemoryList', () => {
  it("shows the server's sentence with a retry that loads the memories", async () => {
    server.use(failureFor(companionEndpoints.memories, 'unavailable'));
    const { user } = renderPage(<MemoryList />);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    server.use(answerFor(companionEndpoints.memories, [{ id: 'm-1', content: 'Mein Hund heißt Bruno.', tags: ['Haustier'], created_at: '2026-05-01T10:00:00.000Z', source: 'saved' }]));
    await user.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByText('Mein Hund heißt Bruno.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('MemoryList: learned facts', () => {
  it('marks what it learned in a conversation, beside what she saved', async () => {
    server.use(
      answerFor(companionEndpoints.memories, [
        { id: 'm-1', content: 'Mein Hund heißt Krümel.', tags: [], created_at: '2026-05-02T10:00:00.000Z', source: 'learned' },
        { id: 'm-2', content: 'Ich trinke gern Tee.', tags: [], created_at: '2026-05-01T10:00:00.000Z', source: 'saved' },
      ]),
    );
    renderPage(<MemoryList />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]!.textContent).toContain(de.companion.learned);
    expect(items.at(-1)!.textContent).not.toContain(de.companion.learned);
    expect(screen.getByRole('button', { name: de.companion.memoryDeleteLabel('Mein Hund heißt Krümel.') })).toBeTruthy();
  });
});
