import { errorMessage } from '@funkeln/contracts/errors';
import { verificationEndpoints } from '@funkeln/contracts/routes/verification';
import { failureTexts, TEAM_REFUSED_TEXT, VERIFICATION_FRAMES_RECOMMENDED } from '@funkeln/contracts/verification';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor, failureFor } from '../../test/api-handlers';
import { fakeCamera } from '../../test/fake-camera';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { VerificationPage } from './verification-page';

const t = de.photoVerification;
const status = (consent: 'given' | 'unknown', extra: Partial<{ verified: boolean; pending: boolean; triesLeft: number; teamDecision: 'approved' | 'rejected' | null }> = {}) =>
  answerFor(verificationEndpoints.status, { consent, verified: false, verifiedAt: null, pending: false, triesLeft: 5, teamDecision: null, ...extra });
const attempt = answerFor(verificationEndpoints.start, {
  attemptId: '6f1c2b9e-4a1d-4c55-9a43-3f0d2b7e8a10',
  instruction: 'turn_left',
  instructionText: 'Dreh den Kopf nach links',
  expiresAt: '2026-05-01T10:10:00.000Z',
});

describe('VerificationPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the consent first; then records the frames from the camera, sends them as parts `frame` and shows the German reason', async () => {
    fakeCamera();
    server.use(status('unknown'), answerFor(verificationEndpoints.setConsent, { consent: 'given', verified: false, verifiedAt: null, pending: false, triesLeft: 5, teamDecision: null }));
    const { user } = renderPage(<VerificationPage />);
    expect(screen.queryByRole('button', { name: t.start })).toBeNull();
    await user.click(await screen.findByRole('button', { name: t.consentGive }));
    const sent: { fields: string[]; id: string }[] = [];
    server.use(
      status('given'),
      attempt,
      http.post('/api/me/verification/attempts/:id/selfie', async ({ request, params }) => {
        const form = await request.formData();
        sent.push({ fields: [...form.keys()], id: String(params.id) });
        return HttpResponse.json({ outcome: 'refused', reason: 'no_liveness', message: failureTexts.no_liveness, triesLeft: 4 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: t.start }));
    expect((await screen.findByTestId('pose-instruction')).textContent).toBe('Dreh den Kopf nach links');
    fireEvent.loadedData(screen.getByLabelText(t.cameraLabel));
    await user.click(screen.getByRole('button', { name: t.capture }));
    expect((await screen.findByTestId('verification-result', {}, { timeout: 5000 })).textContent).toBe(failureTexts.no_liveness);
    expect(sent).toEqual([{ id: '6f1c2b9e-4a1d-4c55-9a43-3f0d2b7e8a10', fields: Array.from({ length: VERIFICATION_FRAMES_RECOMMENDED }, () => 'frame') }]);
    expect(await screen.findByRole('button', { name: t.retry })).toBeTruthy();
  }, 15_000);

  it("shows the server's sentence when no try is left or no photo is there", async () => {
    server.use(status('given'), failureFor(verificationEndpoints.start, 'verification_no_photo'));
    const { user } = renderPage(<VerificationPage />);
    await user.click(await screen.findByRole('button', { name: t.start }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('verification_no_photo'));
  });

  it('shows the badge once verified and the wait while an admin decides', async () => {
    server.use(status('given', { verified: true, pending: true, triesLeft: 0 }));
    renderPage(<VerificationPage />);
    expect((await screen.findByTestId('verification-state')).textContent).toContain('Foto verifiziert');
    expect(screen.getByText(t.pending)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.start })).toBeNull();
  });

  it("tells the member when the team refused their latest selfie", async () => {
    server.use(status('given', { teamDecision: 'rejected' }));
    renderPage(<VerificationPage />);
    expect((await screen.findByTestId('verification-team-refused')).textContent).toBe(TEAM_REFUSED_TEXT);
  });
});
