import { errorMessage } from '@funkeln/contracts/errors';
import { safetyEndpoints } from '@funkeln/contracts/routes/safety';
import { illegalKinds, reportReasons } from '@funkeln/contracts/safety';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { failureFor, routeFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { ReportDialog } from './report-dialog';

describe('ReportDialog', () => {
  it.each([
    ['rate_limited', failureFor(safetyEndpoints.report, 'rate_limited', { limit: 'report' }), errorMessage('rate_limited', { limit: 'report' })],
    ['self_report', failureFor(safetyEndpoints.report, 'self_report'), errorMessage('self_report')],
    ['not_found', failureFor(safetyEndpoints.report, 'not_found', { of: 'reported' }), errorMessage('not_found', { of: 'reported' })],
  ] as const)("shows the catalogue sentence for '%s' and keeps the report", async (_code, handler, text) => {
    server.use(handler);
    const onSent = vi.fn();
    const { user } = renderPage(<ReportDialog target={{ userId: 'u-1' }} onClose={() => undefined} onSent={onSent} />);
    await user.selectOptions(screen.getByLabelText(de.report.reason), reportReasons.spam);
    await user.type(screen.getByLabelText(de.report.details), 'Schickt Werbung');
    await user.click(screen.getByRole('button', { name: de.report.send }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLTextAreaElement>(de.report.details).value).toBe('Schickt Werbung');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.report.send }).disabled).toBe(false);
  });
});

describe('ReportDialog: illegal content and the attached messages (issue 57)', () => {
  const evidence = [
    { id: '3f0d2b7e-8a10-4c55-9a43-6f1c2b9e4a1d', mine: false, body: 'Hallo du', createdAt: '2026-05-01T10:00:00.000Z' },
    { id: '4a1d6f1c-2b9e-4c55-9a43-3f0d2b7e8a10', mine: true, body: 'Hallo zurück', createdAt: '2026-05-01T10:01:00.000Z' },
    { id: '5c4f3a2b-1c0d-4b7a-8e2d-0b9d6a3e1f3c', mine: false, body: 'Schick mir 200 Euro', createdAt: '2026-05-01T10:02:00.000Z' },
  ];

  it('asks for an explanation and the statement for illegal content before it sends', async () => {
    const { user } = renderPage(<ReportDialog target={{ userId: 'u-1' }} onClose={() => undefined} onSent={() => undefined} />);
    await user.click(screen.getByRole('radio', { name: de.report.categories.illegal }));
    await user.selectOptions(screen.getByLabelText(de.report.illegalKind), illegalKinds.fraud);
    const send = screen.getByRole<HTMLButtonElement>('button', { name: de.report.send });
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText(de.report.explanation), 'Zu kurz');
    expect(screen.getByRole('alert').textContent).toBe(de.report.explanationTooShort(10));
    await user.type(screen.getByLabelText(de.report.explanation), ' – er will Geld für ein Ticket.');
    expect(send.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: de.report.goodFaith }));
    expect(send.disabled).toBe(false);
  });

  it('lists the messages it would attach and sends them only with her tick', async () => {
    const bodies: unknown[] = [];
    server.use(
      routeFor(safetyEndpoints.report, ({ body }) => {
        bodies.push(body);
        return { id: 'r-1', message: 'Danke für deine Meldung. Unser Team sieht sie sich an.' };
      }),
    );
    const onSent = vi.fn();
    const { user, unmount } = renderPage(<ReportDialog target={{ messageId: evidence[2]!.id }} evidence={evidence} onClose={() => undefined} onSent={onSent} />);
    const list = screen.getByRole('list', { name: de.report.evidenceListLabel });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Hallo du'),
      expect.stringContaining('Hallo zurück'),
      expect.stringContaining('Schick mir 200 Euro'),
    ]);
    await user.selectOptions(screen.getByLabelText(de.report.reason), reportReasons.scam);
    await user.click(screen.getByRole('button', { name: de.report.send }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(bodies[0]).toMatchObject({ messageId: evidence[2]!.id, reason: 'scam', attachMessages: false, evidenceIds: [] });
    unmount();

    const again = renderPage(<ReportDialog target={{ messageId: evidence[2]!.id }} evidence={evidence} onClose={() => undefined} onSent={onSent} />);
    await again.user.selectOptions(screen.getByLabelText(de.report.reason), reportReasons.scam);
    await again.user.click(screen.getByRole('checkbox', { name: de.report.evidence(3) }));
    await again.user.click(screen.getByRole('button', { name: de.report.send }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));
    expect(bodies[1]).toMatchObject({ attachMessages: true, evidenceIds: evidence.map((m) => m.id) });
  });
});
