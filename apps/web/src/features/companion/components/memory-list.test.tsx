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
