import { placesResponse, type Place } from '@funkeln/contracts/profiles';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PlaceCombobox } from './place-combobox';

const places: Place[] = [
  { id: 1, name: 'Potsdam', region: 'Brandenburg' },
  { id: 2, name: 'Potsdorf', region: 'Sachsen' },
];

function Harness({ initial = null }: { initial?: Place | null }) {
  const [value, setValue] = useState<Place | null>(initial);
  return (
    <>
      <PlaceCombobox value={value} onChange={setValue} onBlur={() => undefined} inputRef={null} />
      <button type="button">weiter</button>
    </>
  );
}

function placesApi(asked: string[] = []) {
  return http.get('/api/places', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    asked.push(q);
    return HttpResponse.json(placesResponse.parse(places.filter((p) => p.name.toLowerCase().startsWith(q.toLowerCase()))));
  });
}

const input = () => screen.getByRole('combobox', { name: de.place.label });
const selected = () => screen.getByTestId('place-selected').textContent;

describe('PlaceCombobox', () => {
  it('searches from two letters and picks a place with the mouse', async () => {
    const asked: string[] = [];
    server.use(placesApi(asked));
    const { user } = renderPage(<Harness />);
    expect(selected()).toBe(de.place.notSelected);
    await user.type(input(), 'P');
    await user.type(input(), 'ots');
    await user.click(await screen.findByRole('option', { name: /Potsdam/ }));
    expect(selected()).toBe(`${de.place.selected} Potsdam, Brandenburg`);
    expect((input() as HTMLInputElement).value).toBe('Potsdam, Brandenburg');
    // Debounced: no request for the single letter.
    expect(asked.every((q) => q.length >= 2)).toBe(true);
  });

  it('picks with the arrow keys and Enter, without submitting anything', async () => {
    server.use(placesApi());
    const { user } = renderPage(<Harness />);
    await user.type(input(), 'Pots');
    await screen.findAllByRole('option');
    expect(screen.getByRole('listbox', { name: new RegExp(de.place.listLabel) })).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(selected()).toBe(`${de.place.selected} Potsdorf, Sachsen`);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('goes back to the chosen place when the field is left with other text, and on Escape', async () => {
    server.use(placesApi());
    const { user } = renderPage(<Harness initial={places[0]} />);
    await user.clear(input());
    await user.type(input(), 'Xy');
    await user.click(screen.getByRole('button', { name: 'weiter' }));
    expect((input() as HTMLInputElement).value).toBe('Potsdam, Brandenburg');
    await user.clear(input());
    await user.type(input(), 'Ab');
    await user.keyboard('{Escape}');
    expect((input() as HTMLInputElement).value).toBe('Potsdam, Brandenburg');
    expect(selected()).toBe(`${de.place.selected} Potsdam, Brandenburg`);
  });

  it('says when nothing was found', async () => {
    server.use(placesApi());
    const { user } = renderPage(<Harness />);
    await user.type(input(), 'Zz');
    expect(await screen.findByText(de.place.none)).toBeTruthy();
  });
});
