import { photosEndpoints } from '@funkeln/contracts/routes/photos';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { DuplicatePhotos } from './duplicate-photos';

const t = de.admin.duplicates;
const side = (n: number, name: string) => ({
  photoId: `0190cccc-0000-7000-8000-00000000000${n}`,
  thumbUrl: `/api/photos/0190cccc-0000-7000-8000-00000000000${n}/thumb?scope=owner&exp=1&sig=x`,
  uploadedAt: '2026-12-07T10:00:00.000Z',
  status: 'approved',
  disabled: false,
  memberId: `0190dddd-0000-7000-8000-00000000000${n}`,
  memberName: name,
  suspended: false,
});
const flag = { id: '0190eeee-0000-7000-8000-000000000001', distance: 2, mirrored: true, createdAt: '2026-12-07T11:00:00.000Z', photo: side(1, 'Kopierer'), other: side(2, 'Anna') };

describe('DuplicatePhotos ("Doppelte Fotos")', () => {
  it('shows both photos and both accounts side by side; "Kein Problem" closes the pair', async () => {
    const open = [flag];
    const dismissed = vi.fn();
    server.use(
      answerFor(photosEndpoints.duplicates, open),
      routeFor(photosEndpoints.dismissDuplicate, ({ params }) => {
        dismissed(params.id);
        open.length = 0;
        return { message: 'Als „Kein Problem“ markiert.' };
      }),
    );
    const { user } = renderPage(<DuplicatePhotos />);
    const item = await screen.findByTestId('duplicate-photo');
    const [newer, older] = within(item).getAllByTestId('duplicate-side');
    expect(within(newer!).getByText('Kopierer')).toBeTruthy();
    expect(within(newer!).getByText(flag.photo.memberId)).toBeTruthy();
    expect(within(older!).getByText('Anna')).toBeTruthy();
    expect(within(older!).getByRole('img').getAttribute('src')).toBe(flag.other.thumbUrl);
    expect(within(item).getByText(`${t.distance(2)} · ${t.mirrored}`)).toBeTruthy();
    expect(within(newer!).getByRole('button', { name: de.admin.hidePhoto })).toBeTruthy();
    expect(within(newer!).getByRole('button', { name: de.admin.suspend })).toBeTruthy();

    await user.click(within(item).getByRole('button', { name: t.noProblem }));
    expect(await screen.findByText(t.none)).toBeTruthy();
    expect(dismissed).toHaveBeenCalledWith(flag.id);
  });
});
