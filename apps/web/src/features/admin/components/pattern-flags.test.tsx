import { messagesEndpoints } from '@funkeln/contracts/routes/messages';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PatternFlags } from './pattern-flags';

const flag = {
  id: '6f1c2b9e-4a1d-4c55-9a43-3f0d2b7e8a10',
  memberId: '0b9d6a3e-1f3c-4b7a-8e2d-5c4f3a2b1c0d',
  name: 'Serienbriefe',
  kind: 'iban' as const,
  recipients: 7,
  flaggedAt: '2026-12-08T09:00:00.000Z',
  updatedAt: '2026-12-08T10:00:00.000Z',
};

describe('PatternFlags ("Auffällige Nachrichten")', () => {
  it('shows the member, the kind and the count, no message; "Erledigt" dismisses, "Mitglied sperren" asks first', async () => {
    const calls: string[] = [];
    server.use(
      answerFor(messagesEndpoints.patternFlags, { items: [flag] }),
      http.post('/api/admin/message-flags/:id/dismiss', ({ params }) => {
        calls.push(`dismiss ${String(params.id)}`);
        return HttpResponse.json({ dismissed: true });
      }),
      http.post('/api/admin/users/:id/suspend', async ({ params, request }) => {
        calls.push(`suspend ${String(params.id)} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ message: 'Gesperrt.' });
      }),
    );
    const { user } = renderPage(<PatternFlags />);
    const entry = await screen.findByTestId('pattern-flag');
    expect(within(entry).getByText('Serienbriefe')).toBeTruthy();
    expect(within(entry).getByText(de.admin.patternKinds.iban)).toBeTruthy();
    expect(within(entry).getByText(de.admin.patternRecipientsCount(7))).toBeTruthy();
    await user.click(within(entry).getByRole('button', { name: de.admin.suspendSender }));
    expect(calls).toEqual([]);
    const dialog = within(await screen.findByRole('dialog', { name: de.admin.suspendTitle }));
    // What the team found goes to the member's statement of reasons (DSA Art. 17(3)(b)).
    await user.type(dialog.getByLabelText(de.admin.suspendFacts), 'Dieselbe IBAN an sieben Mitglieder.');
    await user.click(dialog.getByRole('button', { name: de.admin.suspend }));
    await user.click(within(entry).getByRole('button', { name: de.admin.dismissFlag }));
    await expect.poll(() => calls).toEqual([`suspend ${flag.memberId} {"facts":"Dieselbe IBAN an sieben Mitglieder."}`, `dismiss ${flag.id}`]);
  });

  it('says when nothing is flagged', async () => {
    server.use(answerFor(messagesEndpoints.patternFlags, { items: [] }));
    renderPage(<PatternFlags />);
    expect(await screen.findByText(de.admin.noPatternFlags)).toBeTruthy();
  });
});
