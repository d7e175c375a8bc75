import type { AdminReport } from '@funkeln/contracts/admin';
import { adminEndpoints } from '@funkeln/contracts/routes/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ReportList } from './report-list';

const PHOTO = '2d9c6a1e-5b4f-4c3d-8e2a-7f1b0c9d8e7a';
const MEMBER = '0b9d6a3e-1f3c-4b7a-8e2d-5c4f3a2b1c0d';
const thumbUrl = `/api/photos/${PHOTO}/thumb?scope=owner&exp=1&sig=abcdefghijklmnopqrstuvwxyz`;

const report = (over: Partial<AdminReport>): AdminReport => ({
  id: '6f1c2b9e-4a1d-4c55-9a43-3f0d2b7e8a10',
  photo_id: null,
  message_id: null,
  reporter: 'Hanna',
  reason: 'Spam',
  details: '',
  reported: { id: MEMBER, name: 'Bernd' },
  status: 'open',
  created_at: '2026-05-01T10:00:00.000Z',
  photo: null,
  channel: 'report',
  category: 'house_rules',
  good_faith: false,
  evidence: null,
  note: null,
  ...over,
});

describe('ReportList', () => {
  it('shows a reported photo with its state and hides it right there', async () => {
    const actions: unknown[] = [];
    let disabled = false;
    server.use(
      routeFor(adminEndpoints.reports, () => [report({ photo_id: PHOTO, photo: { id: PHOTO, thumbUrl, moderation_status: 'approved', disabled } })]),
      routeFor(adminEndpoints.photoAction, ({ params }) => {
        actions.push(params);
        disabled = params.action === 'disable';
        return { message: 'Foto gesperrt.' };
      }),
      answerFor(adminEndpoints.pendingPhotos, []),
      answerFor(adminEndpoints.audit, []),
    );
    const { user } = renderPage(<ReportList />);
    const entry = await screen.findByTestId('report');
    const photo = within(entry).getByTestId('reported-photo');
    expect(within(photo).getByRole<HTMLImageElement>('img', { name: de.admin.reportedPhotoAlt('Bernd') }).getAttribute('src')).toBe(thumbUrl);
    expect(photo.textContent).toContain(de.admin.photoShown);
    expect(within(entry).getByText('Bernd')).toBeTruthy();
    expect(entry.textContent).not.toContain(MEMBER);
    expect(within(photo).queryByRole('button', { name: de.admin.showPhoto })).toBeNull();

    await user.click(within(photo).getByRole('button', { name: de.admin.hidePhoto }));
    expect(await screen.findByText('Foto gesperrt.')).toBeTruthy();
    expect(actions).toEqual([{ id: PHOTO, action: 'disable' }]);
    expect(await within(photo).findByText(de.admin.photoHidden)).toBeTruthy();
    expect(within(photo).getByRole('button', { name: de.admin.showPhoto })).toBeTruthy();
    expect(within(photo).queryByRole('button', { name: de.admin.hidePhoto })).toBeNull();
    // The report's own actions stay beside it.
    expect(within(entry).getByRole('button', { name: de.admin.dismiss })).toBeTruthy();
  });

  it('shows no photo for a profile report', async () => {
    server.use(answerFor(adminEndpoints.reports, [report({})]));
    renderPage(<ReportList />);
    const entry = await screen.findByTestId('report');
    expect(within(entry).queryByTestId('reported-photo')).toBeNull();
    expect(within(entry).getByText(de.admin.targets.profile)).toBeTruthy();
  });

  it("removes a reported message under the rule the report's reason suggests, or the one the admin picks", async () => {
    const MESSAGE = '4c3d2e1f-0a9b-4c8d-8e7f-6a5b4c3d2e1f';
    const removed: unknown[] = [];
    server.use(
      answerFor(adminEndpoints.reports, [report({ message_id: MESSAGE, reason: 'Betrugsverdacht' })]),
      routeFor(adminEndpoints.removeMessage, ({ params, body }) => {
        removed.push({ id: params.id, rule: body?.rule });
        return { message: 'Nachricht entfernt.' };
      }),
      answerFor(adminEndpoints.pendingPhotos, []),
      answerFor(adminEndpoints.audit, []),
    );
    const { user } = renderPage(<ReportList />);
    const entry = await screen.findByTestId('report');
    expect(within(entry).getByLabelText<HTMLSelectElement>(de.admin.rule).value).toBe('no_scam');
    await user.click(within(entry).getByRole('button', { name: de.admin.removeMessage }));
    expect(await screen.findByText('Nachricht entfernt.')).toBeTruthy();
    await user.selectOptions(within(entry).getByLabelText(de.admin.rule), 'illegal_content');
    await user.click(within(entry).getByRole('button', { name: de.admin.removeMessage }));
    await expect.poll(() => removed).toEqual([
      { id: MESSAGE, rule: 'no_scam' },
      { id: MESSAGE, rule: 'illegal_content' },
    ]);
  });
});
