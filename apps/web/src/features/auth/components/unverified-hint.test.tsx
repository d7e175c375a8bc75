import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { UnverifiedHint } from './unverified-hint';

const RECENT = 'Für diese Adresse wurde gerade erst ein Link angefordert. Bitte prüfe dein Postfach (auch den Spam-Ordner) und versuche es in einer Minute erneut.';

describe('UnverifiedHint', () => {
  it("confirms a resend with the spec's sentence", async () => {
    server.use(answerFor(authEndpoints.verifyResend, { outcome: 'sent', message: 'vom Server' }));
    const { user } = renderPage(<UnverifiedHint getEmail={() => 'anna@example.de'} />);
    await user.click(screen.getByRole('button', { name: de.login.resend }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Falls ein Account existiert und noch nicht bestätigt ist, haben wir den Link erneut gesendet. Bitte prüfe dein Postfach.',
    );
  });

  it('says honestly that a link was just asked for within the minute', async () => {
    server.use(answerFor(authEndpoints.verifyResend, { outcome: 'recently_sent', message: RECENT }));
    const { user } = renderPage(<UnverifiedHint getEmail={() => 'anna@example.de'} />);
    await user.click(screen.getByRole('button', { name: de.login.resend }));
    expect((await screen.findByRole('status')).textContent).toBe(RECENT);
  });
});
