import { errorMessage } from '@funkeln/contracts/errors';
import { adminEndpoints } from '@funkeln/contracts/routes/admin';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failureFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { SettingsForm } from './settings-form';

const ISSUE = 'Erlaubt sind 0 bis 1000.';

describe('SettingsForm', () => {
  it.each([
    ['invalid_setting', failureFor(adminEndpoints.saveSettings, 'invalid_setting', { key: 'CREDIT_COST_PER_MESSAGE_MALE', issue: ISSUE }), errorMessage('invalid_setting', { key: 'CREDIT_COST_PER_MESSAGE_MALE', issue: ISSUE })],
    ['unknown_setting', failureFor(adminEndpoints.saveSettings, 'unknown_setting', { key: 'CREDIT_COST_PER_MESSAGE_MALE' }), errorMessage('unknown_setting', { key: 'CREDIT_COST_PER_MESSAGE_MALE' })],
    ['validation_error', failureFor(adminEndpoints.saveSettings, 'validation_error', { field: 'CREDIT_COST_PER_MESSAGE_MALE', issue: ISSUE }), errorMessage('validation_error', { field: 'CREDIT_COST_PER_MESSAGE_MALE', issue: ISSUE })],
  ] as const)("shows the catalogue sentence for '%s' and keeps the value", async (_code, handler, text) => {
    server.use(handler);
    const { user } = renderPage(<SettingsForm settings={{ DEBUG: 'false', CREDIT_COST_PER_MESSAGE_MALE: '10' }} />);
    const field = screen.getByLabelText<HTMLInputElement>('CREDIT_COST_PER_MESSAGE_MALE');
    await user.clear(field);
    await user.type(field, '5000');
    await user.click(screen.getByRole('button', { name: de.admin.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(field.value).toBe('5000');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.admin.save }).disabled).toBe(false);
  });
});
