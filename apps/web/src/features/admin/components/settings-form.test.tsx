import { errorMessage } from '@funkeln/contracts/errors';
import { adminEndpoints } from '@funkeln/contracts/routes/admin';
import { settingKeys } from '@funkeln/contracts/settings';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failureFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { SettingsForm } from './settings-form';

const ISSUE = 'Erlaubt sind 0 bis 1000.';
const MALE_COST = de.admin.settingLabels.CREDIT_COST_PER_MESSAGE_MALE;
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: de.admin.save });

describe('SettingsForm', () => {
  it.each([
    ['invalid_setting', failureFor(adminEndpoints.saveSettings, 'invalid_setting', { key: 'CREDIT_COST_PER_MESSAGE_MALE', issue: ISSUE }), errorMessage('invalid_setting', { key: 'CREDIT_COST_PER_MESSAGE_MALE', issue: ISSUE })],
    ['unknown_setting', failureFor(adminEndpoints.saveSettings, 'unknown_setting', { key: 'CREDIT_COST_PER_MESSAGE_MALE' }), errorMessage('unknown_setting', { key: 'CREDIT_COST_PER_MESSAGE_MALE' })],
    ['validation_error', failureFor(adminEndpoints.saveSettings, 'validation_error', { field: 'CREDIT_COST_PER_MESSAGE_MALE', issue: ISSUE }), errorMessage('validation_error', { field: 'CREDIT_COST_PER_MESSAGE_MALE', issue: ISSUE })],
  ] as const)("shows the catalogue sentence for '%s' and keeps the value", async (_code, handler, text) => {
    server.use(handler);
    const { user } = renderPage(<SettingsForm settings={{ DEBUG: 'false', CREDIT_COST_PER_MESSAGE_MALE: '10' }} />);
    const field = screen.getByLabelText<HTMLInputElement>(MALE_COST);
    await user.clear(field);
    await user.type(field, '5000');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(field.value).toBe('5000');
    expect(save().disabled).toBe(false);
  });

  it('shows on/off settings as switches and saves a toggle as the string the API keeps', async () => {
    const sent: unknown[] = [];
    server.use(
      routeFor(adminEndpoints.saveSettings, ({ body }) => {
        sent.push(body);
        return { DEBUG: 'false', EMAIL_VERIFICATION_REQUIRED: 'false', ...body };
      }),
    );
    const { user } = renderPage(<SettingsForm settings={{ DEBUG: 'false', EMAIL_VERIFICATION_REQUIRED: 'true' }} />);
    const debug = screen.getByRole<HTMLInputElement>('switch', { name: de.admin.settingLabels.DEBUG });
    const verification = screen.getByRole<HTMLInputElement>('switch', { name: de.admin.settingLabels.EMAIL_VERIFICATION_REQUIRED });
    expect([debug.checked, verification.checked]).toEqual([false, true]);
    expect(save().disabled).toBe(true);
    await user.click(verification);
    expect(verification.checked).toBe(false);
    await user.click(save());
    await expect.poll(() => sent).toEqual([{ EMAIL_VERIFICATION_REQUIRED: 'false' }]);
  });

  it('shows numbers as number fields with the bounds and step of the contract', () => {
    renderPage(<SettingsForm settings={{ CREDIT_COST_PER_MESSAGE_MALE: '5', MODERATION_REVIEW_THRESHOLD: '0.3', PREMIUM_PRICE_CREDITS: '300' }} />);
    const attrs = (label: string) => {
      const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: label });
      return [field.type, field.min, field.max, field.step, field.value];
    };
    expect(attrs(MALE_COST)).toEqual(['number', '0', '1000', '1', '5']);
    expect(attrs(de.admin.settingLabels.MODERATION_REVIEW_THRESHOLD)).toEqual(['number', '0', '1', '0.01', '0.3']);
    expect(attrs(de.admin.settingLabels.PREMIUM_PRICE_CREDITS)).toEqual(['number', '1', '100000', '1', '300']);
  });

  it('offers a choice setting as a list with German options, and an unknown key as a text field', () => {
    renderPage(<SettingsForm settings={{ DIVERSE_MESSAGE_RULE: 'pay', SOMETHING_NEW: 'x' }} />);
    const rule = screen.getByRole<HTMLSelectElement>('combobox', { name: de.admin.settingLabels.DIVERSE_MESSAGE_RULE });
    expect(rule.value).toBe('pay');
    expect([...rule.options].map((o) => o.textContent)).toEqual([de.admin.settingChoices.limit, de.admin.settingChoices.pay, de.admin.settingChoices.free]);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'SOMETHING_NEW' }).value).toBe('x');
  });

  it('has a German label for every setting the contract defines', () => {
    const labels: Partial<Record<string, string>> = de.admin.settingLabels;
    expect(settingKeys.filter((key) => !labels[key])).toEqual([]);
  });
});
