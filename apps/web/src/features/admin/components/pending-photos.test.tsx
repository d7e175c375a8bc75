import { adminEndpoints } from '@funkeln/contracts/routes/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PendingPhotos } from './pending-photos';

const photo = (id: string, noFace: boolean) => ({
  id,
  user_id: `member-${id}`,
  user_name: `Mitglied ${id.toUpperCase()}`,
  moderation_status: 'pending',
  moderation_label: 'Neutral',
  thumbUrl: `/api/photos/${id}/thumb?scope=owner&exp=1&sig=abcdefghijklmnopqrstuvwxyz`,
  scores: { Neutral: 0.9 },
  created_at: '2026-05-01T10:00:00.000Z',
  no_face: noFace,
});

describe('PendingPhotos', () => {
  it("flags 'kein Gesicht' only on photos where the face check found no face", async () => {
    server.use(answerFor(adminEndpoints.pendingPhotos, [photo('a', true), photo('b', false)]));
    renderPage(<PendingPhotos />);
    const [faceless, withFace] = await screen.findAllByTestId('pending-photo');
    expect(faceless?.querySelector('.admin-flag')?.textContent).toBe(de.admin.noFace);
    expect(faceless?.querySelector('.admin-flag')?.getAttribute('title')).toBe(de.admin.noFaceHint);
    expect(withFace?.querySelector('.admin-flag')).toBeNull();
  });

  it('names the member (display name, not the id), in the text and the photo description', async () => {
    server.use(answerFor(adminEndpoints.pendingPhotos, [photo('a', false)]));
    renderPage(<PendingPhotos />);
    const entry = await screen.findByTestId('pending-photo');
    expect(within(entry).getByText('Mitglied A')).toBeTruthy();
    expect(within(entry).getByAltText(de.admin.photoAlt('Mitglied A'))).toBeTruthy();
    expect(entry.textContent).not.toContain('member-a');
  });
});

