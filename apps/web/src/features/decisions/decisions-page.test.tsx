import type { Statement } from '@funkeln/contracts/decisions';
import { decisionsEndpoints } from '@funkeln/contracts/routes/decisions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor, failureFor, routeFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { DecisionsPage } from './decisions-page';

const photo: Statement = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  kind: 'photo_refused_auto',
  title: 'Dein Foto wurde nicht freigegeben',
  object: 'Dein Foto, hochgeladen am 8. Dezember 2026 um 01:00 Uhr',
  facts: 'Unsere automatische Bildprüfung hat auf dem Foto mit hoher Wahrscheinlichkeit Nacktheit erkannt.',
  rule: { id: 'sexual_content', title: 'Keine Nacktheit', text: 'Fotos zeigen keine Nacktheit.', ground: 'Vertragliche Grundlage: die Hausregeln in unseren AGB.' },
  automation: 'Erkannt und entschieden hat unsere automatische Bildprüfung.',
  automatedDetection: true,
  automatedDecision: true,
  redress: 'Du kannst bis zum 8. Juni 2027 Widerspruch einlegen.',
  createdAt: '2026-12-08T00:00:00.000Z',
  objectionUntil: '2027-06-08T00:00:00.000Z',
  canObject: true,
  objection: null,
};

describe('DecisionsPage (Entscheidungen zu deinem Konto)', () => {
  it('lists the statements and objects to one in the app', async () => {
    server.use(
      answerFor(decisionsEndpoints.mine, { items: [photo, { ...photo, id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d', title: 'Älter', canObject: false }] }),
      routeFor(decisionsEndpoints.object, ({ params, body }) => ({
        ...photo,
        id: params.id,
        canObject: false,
        objection: { text: body.text, status: 'open' as const, answer: null, createdAt: '2026-12-08T02:00:00.000Z', decidedAt: null },
      })),
    );
    const { user } = renderPage(<DecisionsPage />);
    const [first, second] = await screen.findAllByTestId('statement');
    expect(within(second!).getByText(de.decisions.periodOver)).toBeTruthy();
    await user.type(within(first!).getByLabelText(de.decisions.objectionLabel), 'Das ist ein Strandfoto.');
    await user.click(within(first!).getByRole('button', { name: de.decisions.submit }));
    expect(await within(first!).findByText(de.decisions.objectionOpen)).toBeTruthy();
  });

  it('says when there is nothing, and shows the German refusal of a late objection', async () => {
    server.use(answerFor(decisionsEndpoints.mine, { items: [] }));
    renderPage(<DecisionsPage />);
    expect(await screen.findByText(de.decisions.empty)).toBeTruthy();
  });

  it('a late objection gets the server message', async () => {
    server.use(answerFor(decisionsEndpoints.mine, { items: [photo] }), failureFor(decisionsEndpoints.object, 'objection_period_over'));
    const { user } = renderPage(<DecisionsPage />);
    await user.type(await screen.findByLabelText(de.decisions.objectionLabel), 'Bitte prüfen.');
    await user.click(screen.getByRole('button', { name: de.decisions.submit }));
    expect(await screen.findByText('Die Frist für einen Widerspruch (6 Monate) ist abgelaufen.')).toBeTruthy();
  });
});
