import { safetyEndpoints } from '@funkeln/contracts/routes/safety';
import { errorMessage } from '@funkeln/contracts/errors';
import { reportReasons } from '@funkeln/contracts/safety';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { failureFor, routeFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { NoticePage } from './notice-page';

const MEMBER = '0b9d6a3e-1f3c-4b7a-8e2d-5c4f3a2b1c0d';
const render = () => renderPage(<NoticePage />, { at: `/report/${MEMBER}`, path: '/report/:memberId' });

describe('NoticePage (Inhalt melden, without an account)', () => {
  it('sends the photo notice with the address and shows the receipt', async () => {
    const bodies: unknown[] = [];
    server.use(
      routeFor(safetyEndpoints.notice, ({ body }) => {
        bodies.push(body);
        return { id: 'n-1', message: 'Danke! Deine Meldung ist bei uns eingegangen (Nummer N1).' };
      }),
    );
    const { user } = render();
    expect(screen.getByRole('heading', { name: de.notice.title })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: de.notice.whatPhoto }));
    await user.selectOptions(screen.getByLabelText(de.report.reason), reportReasons.fake_profile);
    const send = screen.getByRole<HTMLButtonElement>('button', { name: de.report.send });
    expect(send.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: de.report.goodFaith }));
    await user.type(screen.getByLabelText(de.notice.email), 'besucherin@example.org');
    await user.click(send);
    expect((await screen.findByText(/Nummer N1/)).textContent).toContain('eingegangen');
    expect(bodies).toEqual([
      { target: { kind: 'photo', memberId: MEMBER }, reason: 'fake_profile', details: '', goodFaith: true, email: 'besucherin@example.org', attachMessages: false, evidenceIds: [] },
    ]);
  });

  it('says what is wrong with the address, and shows the server\'s sentence on a refusal', async () => {
    server.use(failureFor(safetyEndpoints.notice, 'rate_limited', { limit: 'notice' }));
    const { user } = render();
    await user.selectOptions(screen.getByLabelText(de.report.reason), reportReasons.spam);
    await user.click(screen.getByRole('checkbox', { name: de.report.goodFaith }));
    await user.type(screen.getByLabelText(de.notice.email), 'kein-at-zeichen');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe(de.notice.emailInvalid);
    expect(screen.getByLabelText(de.notice.email).getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText(de.notice.email));
    await user.click(screen.getByRole('button', { name: de.report.send }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('rate_limited', { limit: 'notice' }));
  });
});
