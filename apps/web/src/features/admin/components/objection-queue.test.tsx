import type { AdminObjection } from '@funkeln/contracts/decisions';
import { adminEndpoints } from '@funkeln/contracts/routes/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor, failureFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ObjectionQueue } from './objection-queue';

const item: AdminObjection = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60',
  member: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a61', name: 'Kai' },
  thumbUrl: null,
  reversal: 'Sperre aufheben',
  statement: {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a62',
    kind: 'account_suspended',
    title: 'Dein Konto wurde gesperrt',
    object: 'Dein Funkeln-Konto',
    facts: 'Beleidigungen in Nachrichten.',
    rule: { id: 'respect', title: 'Respektvoller Umgang', text: 'Keine Beleidigungen.', ground: 'AGB' },
    automation: 'Entschieden hat ein Mensch.',
    automatedDetection: false,
    automatedDecision: false,
    redress: 'Widerspruch bis Juni.',
    createdAt: '2026-12-08T00:00:00.000Z',
    objectionUntil: '2027-06-08T00:00:00.000Z',
    canObject: false,
    objection: { text: 'Das war ein Missverständnis.', status: 'open', answer: null, createdAt: '2026-12-08T01:00:00.000Z', decidedAt: null },
  },
};

describe('ObjectionQueue (Widersprüche)', () => {
  it('shows the objection with its decision and sends the reversal with the answer', async () => {
    const sent: unknown[] = [];
    server.use(
      answerFor(adminEndpoints.objections, [item]),
      routeFor(adminEndpoints.decideObjection, ({ params, body }) => {
        sent.push({ id: params.id, ...body });
        return { message: 'Entscheidung aufgehoben. Das Mitglied bekommt deine Antwort per E-Mail.' };
      }),
    );
    const { user } = renderPage(<ObjectionQueue />);
    const entry = await screen.findByTestId('objection');
    expect(within(entry).getByText('Das war ein Missverständnis.')).toBeTruthy();
    expect(within(entry).getByText('Kai')).toBeTruthy();
    const reverse = within(entry).getByRole('button', { name: 'Sperre aufheben' });
    expect(reverse).toHaveProperty('disabled', true);
    await user.type(within(entry).getByLabelText(de.admin.answerLabel), 'Du hast recht.');
    await user.click(reverse);
    expect(await screen.findByText('Entscheidung aufgehoben. Das Mitglied bekommt deine Antwort per E-Mail.')).toBeTruthy();
    expect(sent).toEqual([{ id: item.id, outcome: 'reverse', answer: 'Du hast recht.' }]);
  });

  it('a decided objection shows its answer and no buttons; a race shows the German refusal', async () => {
    server.use(
      answerFor(adminEndpoints.objections, [item, { ...item, id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a63', statement: { ...item.statement, objection: { ...item.statement.objection!, status: 'upheld', answer: 'Bleibt so.' } } }]),
      failureFor(adminEndpoints.decideObjection, 'objection_decided'),
    );
    const { user } = renderPage(<ObjectionQueue />);
    const [open, decided] = await screen.findAllByTestId('objection');
    expect(within(decided!).getByText('Bleibt so.')).toBeTruthy();
    expect(within(decided!).queryByRole('button')).toBeNull();
    await user.type(within(open!).getByLabelText(de.admin.answerLabel), 'Nein.');
    await user.click(within(open!).getByRole('button', { name: de.admin.uphold }));
    expect(await screen.findByText('Über diesen Widerspruch wurde schon entschieden.')).toBeTruthy();
  });

  it('says when there is none', async () => {
    server.use(answerFor(adminEndpoints.objections, []));
    renderPage(<ObjectionQueue />);
    expect(await screen.findByText(de.admin.noObjections)).toBeTruthy();
  });
});
