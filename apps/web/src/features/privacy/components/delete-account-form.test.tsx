import { errorMessage } from '@funkeln/contracts/errors';
import { screen } from '@testing-library/react';
import { privacyEndpoints } from '@funkeln/contracts/routes/privacy';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { getToken, setToken } from '../../../lib/token-storage';
import { answerFor, failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { GoodbyePage } from '../pages/goodbye-page';
import { DeleteAccountForm } from './delete-account-form';

describe('DeleteAccountForm', () => {
  it.each([
    ['wrong_password', errorMessage('wrong_password')],
    ['fresh_login_required', errorMessage('fresh_login_required')],
  ] as const)("keeps the account and shows the catalogue sentence for '%s'", async (code, text) => {
    server.use(failure('delete', '/me', code));
    const { user } = renderPage(<DeleteAccountForm />);
    await user.type(screen.getByLabelText(de.settings.deletePassword), 'falsch');
    await user.click(screen.getByRole('button', { name: de.settings.deleteButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('deletes the account, forgets the session and says goodbye', async () => {
    setToken('token');
    server.use(answerFor(privacyEndpoints.deleteAccount, { message: 'Konto gelöscht.' }));
    const { user } = renderPage(
      <Routes>
        <Route path="/settings" element={<DeleteAccountForm />} />
        <Route path="/auf-wiedersehen" element={<GoodbyePage />} />
      </Routes>,
      { at: '/settings' },
    );
    await user.type(screen.getByLabelText(de.settings.deletePassword), 'Kiwi-Wolke-Geheim-42');
    await user.click(screen.getByRole('button', { name: de.settings.deleteButton }));
    expect(await screen.findByRole('heading', { name: 'Auf Wiedersehen' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(de.goodbye.text);
    expect(getToken()).toBeNull();
  });
});
