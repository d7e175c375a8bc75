import { errorMessage } from '@funkeln/contracts/errors';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { VerifyPage } from './verify-page';

describe('VerifyPage', () => {
  it.each(['invalid_token', 'already_verified'] as const)("shows the catalogue sentence for '%s'", async (code) => {
    server.use(failure('post', '/auth/verify/confirm', code));
    renderPage(<VerifyPage />, { at: `/verify?token=${code}-0123456789abcdef` });
    expect(await screen.findByText(errorMessage(code))).toBeTruthy();
  });
});
