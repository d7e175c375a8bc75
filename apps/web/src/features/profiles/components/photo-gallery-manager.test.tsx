import { errorMessage } from '@funkeln/contracts/errors';
import { type GalleryPhoto, photoStatusLabels, type PhotoStatus } from '@funkeln/contracts/profiles';
import { photosEndpoints } from '@funkeln/contracts/routes/photos';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerFor, failureFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PhotoGalleryManager } from './photo-gallery-manager';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
function photo(n: number, status: PhotoStatus = 'approved', main = false): GalleryPhoto {
  return { id: id(n), status, statusLabel: photoStatusLabels[status], url: `/l/${n}`, thumbUrl: `/t/${n}`, createdAt: '2026-11-25T10:00:00.000Z', position: n, main };
}
/** Photo 1 waits for moderation, so photo 2 (the first approved) is the main photo. */
const three = [photo(0, 'pending'), photo(1, 'approved', true), photo(2, 'rejected')];
const gallery = (photos: GalleryPhoto[]) => ({ photos: photos.map((p, position) => ({ ...p, position })), max: 6 });
const tiles = () => screen.getAllByTestId('gallery-tile');

describe('PhotoGalleryManager', () => {
  beforeAll(() => {
    // jsdom has no object URLs; the preview only needs a string.
    URL.createObjectURL ??= () => 'blob:vorschau';
    URL.revokeObjectURL ??= () => undefined;
  });

  it('shows each photo with its state, marks the main photo, and reorders by keyboard', async () => {
    const orders: string[][] = [];
    server.use(
      answerFor(photosEndpoints.gallery, gallery(three)),
      routeFor(photosEndpoints.reorder, ({ body }) => {
        orders.push(body.ids);
        const byId = new Map(three.map((p) => [p.id, p]));
        return gallery(body.ids.map((x) => byId.get(x)!));
      }),
    );
    const { user } = renderPage(<PhotoGalleryManager />);
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(within(tiles()[0]!).getByTestId('gallery-status').textContent).toBe('Wird geprüft');
    expect(within(tiles()[1]!).getByText('Hauptfoto')).toBeTruthy();
    expect(within(tiles()[2]!).getByTestId('gallery-status').textContent).toBe('Abgelehnt');
    expect(tiles()[1]!.getAttribute('aria-label')).toBe('Foto 2 von 3, Freigegeben, Hauptfoto');
    expect(screen.getByTestId('gallery-review-note').textContent).toBe('Fotos mit „Wird geprüft“ sehen andere erst nach unserer Prüfung. Wir prüfen meist innerhalb von 24 Stunden.');

    tiles()[1]!.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(orders).toEqual([[id(1), id(0), id(2)]]));
    expect(screen.getByTestId('gallery-announcement').textContent).toBe('Foto 2 ist jetzt an Stelle 1 von 3.');
    await waitFor(() => expect(document.activeElement).toBe(tiles()[0]));

    await user.click(screen.getByRole('button', { name: 'Foto 2 nach hinten' }));
    await waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1]).toEqual([id(1), id(2), id(0)]);
    expect((screen.getByRole('button', { name: 'Foto 1 nach vorne' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each(['invalid_photo_order', 'main_photo_needs_face'] as const)("shows a refused order ('%s') in German and puts the old order back", async (code) => {
    server.use(answerFor(photosEndpoints.gallery, gallery(three)), failureFor(photosEndpoints.reorder, code));
    const { user } = renderPage(<PhotoGalleryManager />);
    await waitFor(() => expect(tiles()).toHaveLength(3));
    tiles()[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage(code));
    await waitFor(() => expect(tiles()[0]!.getAttribute('aria-label')).toMatch(/^Foto 1 von 3, Wird geprüft/));
    expect(tiles().map((t) => t.querySelector('img')?.getAttribute('src'))).toEqual(['/t/0', '/t/1', '/t/2']);
  });

  it('deletes a photo only after the inline confirmation', async () => {
    const deleted: string[] = [];
    server.use(
      answerFor(photosEndpoints.gallery, gallery(three)),
      routeFor(photosEndpoints.remove, ({ params }) => {
        deleted.push(params.id);
        return gallery(three.filter((p) => p.id !== params.id));
      }),
    );
    const { user } = renderPage(<PhotoGalleryManager />);
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Foto 3 löschen' }));
    const confirm = screen.getByRole('group', { name: 'Dieses Foto wirklich löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Foto 3 löschen' }));
    await user.click(screen.getByRole('button', { name: 'Ja, löschen' }));
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(deleted).toEqual([id(2)]);
    expect(screen.getByTestId('gallery-announcement').textContent).toBe('Foto gelöscht.');
  });

  it.each(['too_many_photos', 'main_photo_needs_face', 'file_too_large', 'corrupt_image'] as const)("shows the upload refusal '%s' in German", async (code) => {
    server.use(answerFor(photosEndpoints.gallery, gallery(three)), failureFor(photosEndpoints.upload, code));
    const { user } = renderPage(<PhotoGalleryManager />);
    await waitFor(() => expect(tiles()).toHaveLength(3));
    await user.upload(screen.getByLabelText('Foto hinzufügen'), new File([new Uint8Array([0xff, 0xd8, 0xff])], 'ich.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage(code));
    expect(tiles()).toHaveLength(3);
  });

  it.each([
    ['pending', 'Foto hochgeladen. Wir prüfen dein Foto meist innerhalb von 24 Stunden; bis dahin sehen es andere noch nicht.'],
    ['approved', 'Foto hochgeladen.'],
  ] as const)("announces an upload the model answered '%s', with the review time when it is held", async (status, announced) => {
    const added = photo(3, status);
    let stored = three.slice(0, 2);
    server.use(
      routeFor(photosEndpoints.gallery, () => gallery(stored)),
      routeFor(photosEndpoints.upload, () => {
        stored = [...stored, added];
        return { photo: added };
      }),
    );
    const { user } = renderPage(<PhotoGalleryManager />);
    await waitFor(() => expect(tiles()).toHaveLength(2));
    await user.upload(screen.getByLabelText('Foto hinzufügen'), new File([new Uint8Array([0xff, 0xd8, 0xff])], 'ich.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByTestId('gallery-announcement').textContent).toBe(announced));
    await waitFor(() => expect(tiles()).toHaveLength(3));
  });

  it('offers no upload once 6 photos are there', async () => {
    server.use(answerFor(photosEndpoints.gallery, gallery([0, 1, 2, 3, 4, 5].map((n) => photo(n)))));
    renderPage(<PhotoGalleryManager />);
    await waitFor(() => expect(tiles()).toHaveLength(6));
    expect(screen.queryByTestId('gallery-review-note')).toBeNull(); // none is being checked
    expect(screen.queryByLabelText('Foto hinzufügen')).toBeNull();
    expect(screen.getByText('Du hast 6 Fotos – lösche eins, um ein neues hochzuladen.')).toBeTruthy();
  });
});
