import { errorMessage } from '@funkeln/contracts/errors';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
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
});
