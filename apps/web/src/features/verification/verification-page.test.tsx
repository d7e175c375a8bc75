import { errorMessage } from '@funkeln/contracts/errors';
import { verificationEndpoints } from '@funkeln/contracts/routes/verification';
import { failureTexts, TEAM_REFUSED_TEXT } from '@funkeln/contracts/verification';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { answerFor, failureFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { VerificationPage } from './verification-page';

const t = de.photoVerification;
const status = (consent: 'given' | 'unknown', extra: Partial<{ verified: boolean; pending: boolean; triesLeft: number; teamDecision: 'approved' | 'rejected' | null }> = {}) =>
  answerFor(verificationEndpoints.status, { consent, verified: false, verifiedAt: null, pending: false, triesLeft: 5, teamDecision: null, ...extra });
const attempt = answerFor(verificationEndpoints.start, {
  attemptId: '6f1c2b9e-4a1d-4c55-9a43-3f0d2b7e8a10',
  instruction: 'tilt',
  instructionText: 'Neig den Kopf zur Seite',
  expiresAt: '2026-05-01T10:10:00.000Z',
});
const selfie = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'selfie.jpg', { type: 'image/jpeg' });

describe('VerificationPage', () => {
  it('asks for the consent first; then shows the pose instruction at capture (upload without a camera) and the German reason', async () => {
    server.use(status('unknown'), answerFor(verificationEndpoints.setConsent, { consent: 'given', verified: false, verifiedAt: null, pending: false, triesLeft: 5, teamDecision: null }));
    const { user } = renderPage(<VerificationPage />);
    expect(screen.queryByRole('button', { name: t.start })).toBeNull();
    await user.click(await screen.findByRole('button', { name: t.consentGive }));
    server.use(status('given'), attempt, answerFor(verificationEndpoints.submit, { outcome: 'refused', reason: 'pose_mismatch', message: failureTexts.pose_mismatch, triesLeft: 4 }));
    await user.click(await screen.findByRole('button', { name: t.start }));
    expect((await screen.findByTestId('pose-instruction')).textContent).toBe('Neig den Kopf zur Seite');
    expect(screen.getByText(t.uploadHint)).toBeTruthy();
    await user.upload(screen.getByLabelText(t.upload), selfie());
    expect((await screen.findByTestId('verification-result')).textContent).toBe(failureTexts.pose_mismatch);
    expect(await screen.findByRole('button', { name: t.retry })).toBeTruthy();
  });

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
