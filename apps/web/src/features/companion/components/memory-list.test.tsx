import { memoriesResponse } from '@funkeln/contracts/companion';
import { errorMessage } from '@funkeln/contracts/errors';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answer, failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { MemoryList } from './memory-list';

describe('MemoryList', () => {
  it("shows the server's sentence with a retry that loads the memories", async () => {
    server.use(failure('get', '/ai/df/memories', 'unavailable'));
    const { user } = renderPage(<MemoryList />);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    server.use(answer('get', '/ai/df/memories', memoriesResponse, [{ id: 'm-1', content: 'Mein Hund heißt Bruno.', tags: ['Haustier'], created_at: '2026-05-01T10:00:00.000Z' }]));
    await user.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByText('Mein Hund heißt Bruno.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
