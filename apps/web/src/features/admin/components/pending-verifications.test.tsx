import { verificationEndpoints } from '@funkeln/contracts/routes/verification';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PendingVerifications } from './pending-verifications';

const item = {
  attemptId: '6f1c2b9e-4a1d-4c55-9a43-3f0d2b7e8a10',
  userId: '0b9d6a3e-1f3c-4b7a-8e2d-5c4f3a2b1c0d',
  displayName: 'Berta',
  instructionText: 'Neig den Kopf zur Seite',
  mainDistance: 0.4712,
  checkedAt: '2026-05-01T10:00:00.000Z',
  selfieUrl: '/api/verification/selfies/6f1c2b9e-4a1d-4c55-9a43-3f0d2b7e8a10?exp=1&sig=abcdefghijklmnopqrstuvwxyz',
  photoUrl: '/api/photos/x/large?scope=owner&exp=1&sig=abcdefghijklmnopqrstuvwxyz',
};

describe('PendingVerifications', () => {
  it('shows the selfie beside the main photo and sends the decision', async () => {
    const decisions: unknown[] = [];
    server.use(
      answerFor(verificationEndpoints.pending, { items: [item] }),
      http.post('/api/admin/verifications/:id/decision', async ({ request, params }) => {
        decisions.push({ id: params.id, body: await request.json() });
        return HttpResponse.json({ outcome: 'approved' });
      }),
    );
    const { user } = renderPage(<PendingVerifications />);
    const entry = await screen.findByTestId('pending-verification');
    expect(within(entry).getByAltText(de.admin.selfieAlt('Berta')).getAttribute('src')).toBe(item.selfieUrl);
    expect(within(entry).getByAltText(de.admin.mainPhotoAlt('Berta'))).toBeTruthy();
    expect(within(entry).getByText('0.471')).toBeTruthy();
    await user.click(within(entry).getByRole('button', { name: de.admin.approveVerification }));
    await expect.poll(() => decisions).toEqual([{ id: item.attemptId, body: { approve: true } }]);
  });

  it('says when nothing waits', async () => {
    server.use(answerFor(verificationEndpoints.pending, { items: [] }));
    renderPage(<PendingVerifications />);
    expect(await screen.findByText(de.admin.noVerifications)).toBeTruthy();
  });
});
