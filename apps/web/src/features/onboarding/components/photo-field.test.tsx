import { type OwnPhoto, photoStatusLabels, type PhotoStatus } from '@funkeln/contracts/profiles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { PhotoField } from './photo-field';

function photo(status: PhotoStatus): OwnPhoto {
  return { id: '00000000-0000-4000-8000-000000000001', status, statusLabel: photoStatusLabels[status], url: '/l/1', thumbUrl: '/t/1', createdAt: '2026-12-07T10:00:00.000Z' };
}

const show = (status: PhotoStatus) =>
  renderPage(<PhotoField photo={photo(status)} picked={[]} uploading={false} inputKey={0} onPick={() => undefined} onDiscard={() => undefined} />);

describe('PhotoField', () => {
  it('tells the member of a photo being checked how long the review takes', () => {
    show('pending');
    expect(screen.getByTestId('photo-status').textContent).toBe('Wird geprüft');
    expect(screen.getByTestId('photo-status-text').textContent).toBe(
      'Dein Foto wird gerade geprüft und ist erst danach für andere sichtbar. Wir prüfen dein Foto meist innerhalb von 24 Stunden.',
    );
  });

  it('promises no review time for an approved photo', () => {
    show('approved');
    expect(screen.getByTestId('photo-status-text').textContent).toBe('Dein Foto ist freigegeben und für andere sichtbar.');
  });
});
