import type { Statement } from '@funkeln/contracts/decisions';
import { decisionsEndpoints } from '@funkeln/contracts/routes/decisions';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor, failureFor, routeFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { ObjectionPage } from './objection-page';

const TOKEN = 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7jKl0nPq_';

const suspension: Statement = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  kind: 'account_suspended',
  title: 'Dein Konto wurde gesperrt',
  object: 'Dein Funkeln-Konto',
  facts: 'Ein Mensch aus unserem Team hat festgestellt, dass du gegen die unten genannte Regel verstoßen hast.',
  rule: { id: 'respect', title: 'Respektvoller Umgang', text: 'Keine Beleidigungen.', ground: 'Vertragliche Grundlage: die Hausregeln in unseren AGB.' },
  automation: 'Entschieden hat ein Mensch aus unserem Team, ohne automatische Prüfung.',
  automatedDetection: false,
  automatedDecision: false,
  redress: 'Du kannst bis zum 8. Juni 2027 Widerspruch einlegen.',
  createdAt: '2026-12-08T00:00:00.000Z',
  objectionUntil: '2027-06-08T00:00:00.000Z',
  canObject: true,
  objection: null,
};

const at = `/widerspruch?token=${TOKEN}`;

describe('ObjectionPage (the mailed link)', () => {
  it('shows the statement and sends the objection with the token in the body; then shows it as received', async () => {
    const sent: unknown[] = [];
    server.use(
      routeFor(decisionsEndpoints.byToken, ({ body }) => {
        expect(body.token).toBe(TOKEN);
        return suspension;
      }),
      routeFor(decisionsEndpoints.objectByToken, ({ body }) => {
        sent.push(body);
        return { ...suspension, canObject: false, objection: { text: body.text, status: 'open' as const, answer: null, createdAt: '2026-12-08T01:00:00.000Z', decidedAt: null } };
      }),
    );
    const { user } = renderPage(<ObjectionPage />, { at });
    expect(await screen.findByText('Dein Konto wurde gesperrt')).toBeTruthy();
    expect(screen.getByText('Respektvoller Umgang:')).toBeTruthy();
    expect(screen.getByText(suspension.redress)).toBeTruthy();
    await user.type(screen.getByLabelText(de.decisions.objectionLabel), 'Das war ein Missverständnis.');
    await user.click(screen.getByRole('button', { name: de.decisions.submit }));
    expect(await screen.findByText(de.decisions.objectionOpen)).toBeTruthy();
    expect(sent).toEqual([{ token: TOKEN, text: 'Das war ein Missverständnis.' }]);
    expect(screen.queryByRole('button', { name: de.decisions.submit })).toBeNull();
  });

  it("shows the team's answer once decided", async () => {
    server.use(
      answerFor(decisionsEndpoints.byToken, {
        ...suspension,
        canObject: false,
        objection: { text: 'Bitte prüft das.', status: 'reversed', answer: 'Du hast recht.', createdAt: '2026-12-08T01:00:00.000Z', decidedAt: '2026-12-09T01:00:00.000Z' },
      }),
    );
    renderPage(<ObjectionPage />, { at });
    expect(await screen.findByTestId('objection-answer')).toHaveProperty('textContent', 'Du hast recht.');
    expect(screen.getByText(de.decisions.objectionReversed)).toBeTruthy();
  });

  it("an unknown or expired link shows the server's German answer; a link without token says so", async () => {
    server.use(failureFor(decisionsEndpoints.byToken, 'decision_link_invalid'));
    renderPage(<ObjectionPage />, { at });
    expect(await screen.findByText('Dieser Link ist ungültig oder abgelaufen.')).toBeTruthy();
  });

  it('a link without a token', () => {
    renderPage(<ObjectionPage />, { at: '/widerspruch' });
    expect(screen.getByText(de.decisions.missingToken)).toBeTruthy();
  });
});
