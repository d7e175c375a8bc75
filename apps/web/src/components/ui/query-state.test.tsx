import { errorMessage as catalogueMessage } from '@funkeln/contracts/errors';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { endpoint } from '@funkeln/contracts/routes/define';
import { z } from 'zod';
import { de } from '../../i18n/de';
import { call } from '../../lib/api';
import { failure } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { QueryState } from './query-state';

const names = endpoint({ method: 'GET', path: '/api/names', auth: 'visitor', response: z.array(z.string()), errors: [], tag: 'test' });

function Names() {
  const query = useQuery({ queryKey: ['names'], queryFn: () => call(names) });
  return (
    <QueryState query={query} failed="Namen fehlen." isEmpty={(list) => list.length === 0} empty={<p>Noch niemand da.</p>}>
      {(list) => <p>{list.join(', ')}</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the spinner, then the content', async () => {
    server.use(http.get('/api/names', () => HttpResponse.json(['Mia', 'Ben'])));
    renderPage(<Names />);
    expect(screen.getByRole('status').textContent).toBe(de.common.loading);
    expect(await screen.findByText('Mia, Ben')).toBeTruthy();
  });

  it('shows the empty state for an empty answer', async () => {
    server.use(http.get('/api/names', () => HttpResponse.json([])));
    renderPage(<Names />);
    expect(await screen.findByText('Noch niemand da.')).toBeTruthy();
  });

  it("shows the server's sentence with a retry that loads again", async () => {
    server.use(failure('get', '/names', 'unavailable'));
    const { user } = renderPage(<Names />);
    expect((await screen.findByRole('alert')).textContent).toBe(catalogueMessage('unavailable'));
    server.use(http.get('/api/names', () => HttpResponse.json(['Mia'])));
    await user.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByText('Mia')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to its own sentence when the answer has none', async () => {
    server.use(http.get('/api/names', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })));
    renderPage(<Names />);
    expect((await screen.findByRole('alert')).textContent).toBe('Namen fehlen.');
  });
});
