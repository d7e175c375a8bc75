import { type CreateDateShareBody, dateToBerlinLocal } from '@funkeln/contracts/date-shares';
import { errorMessage } from '@funkeln/contracts/errors';
import { dateSharesEndpoints } from '@funkeln/contracts/routes/date-shares';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor, failureFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { DateShareDialog } from './date-share-dialog';

const t = de.dateShare;
const MEMBER = '0190aaaa-0000-7000-8000-000000000001';
const URL_ = 'https://funkeln.example/date/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd';
const when = dateToBerlinLocal(new Date(Date.now() + 2 * 24 * 3_600_000));
const share = { id: '0190bbbb-0000-7000-8000-000000000002', partnerName: 'Tom', place: 'Café Luise', address: null, note: null, startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(), expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), withPhoto: true };

async function fill(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByLabelText(t.place), 'Café Luise');
  await user.type(screen.getByLabelText(t.when), when);
  await user.type(screen.getByLabelText(t.note), 'Ich melde mich um 22 Uhr.');
  await user.click(screen.getByLabelText(t.withPhoto('Tom')));
}

describe('DateShareDialog ("Date teilen")', () => {
  it('sends the plan, shows the link once with "Link kopieren", and lists the active shares with "Link löschen"', async () => {
    let sent: CreateDateShareBody | undefined;
    const shares = { shares: [] as (typeof share)[] };
    server.use(
      answerFor(dateSharesEndpoints.list, shares),
      routeFor(dateSharesEndpoints.create, ({ body }) => {
        sent = body;
        shares.shares = [share];
        return { ...share, url: URL_ };
      }),
    );
    const { user } = renderPage(<DateShareDialog memberId={MEMBER} memberName="Tom" onClose={() => undefined} />);
    expect(screen.getByText(t.lead('Tom'))).toBeTruthy();
    expect(await screen.findByText(t.listEmpty)).toBeTruthy();
    await fill(user);
    await user.click(screen.getByRole('button', { name: t.create }));

    expect(await screen.findByText(t.created)).toBeTruthy();
    expect(sent).toMatchObject({ place: 'Café Luise', startsAt: when, note: 'Ich melde mich um 22 Uhr.', withPhoto: true });
    expect(screen.getByTestId<HTMLInputElement>('date-share-url').value).toBe(URL_);
    await user.click(screen.getByRole('button', { name: t.copy }));
    // user-event puts its own clipboard in place: what the button wrote is read back from it.
    expect(await navigator.clipboard.readText()).toBe(URL_);
    expect(await screen.findByText(t.copied)).toBeTruthy();
    const row = await screen.findByTestId('date-share');
    expect(within(row).getByText('Tom')).toBeTruthy();
    expect(within(row).getByRole('button', { name: t.delete })).toBeTruthy();
  });

  it('shows the server\'s German sentence when the date is out of range, and keeps what she typed', async () => {
    server.use(answerFor(dateSharesEndpoints.list, { shares: [] }), failureFor(dateSharesEndpoints.create, 'date_share_time'));
    const { user } = renderPage(<DateShareDialog memberId={MEMBER} memberName="Tom" onClose={() => undefined} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: t.create }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('date_share_time'));
    expect(screen.getByLabelText<HTMLInputElement>(t.place).value).toBe('Café Luise');
    expect(screen.queryByTestId('date-share-url')).toBeNull();
  });

  it('"Link löschen" deletes a share and the list follows', async () => {
    const shares = { shares: [share] };
    const removed = vi.fn();
    server.use(
      answerFor(dateSharesEndpoints.list, shares),
      routeFor(dateSharesEndpoints.remove, ({ params }) => {
        removed(params.id);
        shares.shares = [];
        return { message: 'Der Link ist gelöscht.' };
      }),
    );
    const { user } = renderPage(<DateShareDialog memberId={MEMBER} memberName="Tom" onClose={() => undefined} />);
    await user.click(within(await screen.findByTestId('date-share')).getByRole('button', { name: t.delete }));
    expect(await screen.findByText(t.listEmpty)).toBeTruthy();
    expect(removed).toHaveBeenCalledWith(share.id);
  });
});
