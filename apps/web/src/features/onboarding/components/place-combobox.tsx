import type { Place } from '@funkeln/contracts/profiles';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { de } from '../../../i18n/de';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PLACE_QUERY_MAX, PLACE_QUERY_MIN, usePlaces } from '../api';

interface PlaceComboboxProps {
  value: Place | null;
  onChange: (place: Place) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string | undefined;
}

export const placeLabel = (place: Place) => `${place.name}, ${place.region}`;

const isSearchable = (text: string) => text.trim().length >= PLACE_QUERY_MIN;

/** 'Wohnort': the ARIA 1.2 combobox pattern with a list popup, fed by GET /api/places. */
export function PlaceCombobox({ value, onChange, onBlur, inputRef, error }: PlaceComboboxProps) {
  const id = useId();
  const ids = { input: id, listbox: `${id}-listbox`, status: `${id}-status`, hint: `${id}-hint`, error: `${id}-error` };
  const optionId = (index: number) => `${id}-option-${index}`;

  const [query, setQuery] = useState(value ? placeLabel(value) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(query, 250);
  const searching = open && isSearchable(query) && isSearchable(debounced);
  const places = usePlaces(searching ? debounced : '');
  const options = searching ? (places.data ?? []) : [];
  const expanded = options.length > 0;
  const activeIndex = expanded && active < options.length ? active : -1;

  const select = (place: Place) => {
    onChange(place);
    setQuery(placeLabel(place));
    setOpen(false);
    setActive(-1);
  };

  const moveTo = (index: number) => {
    setActive(index);
    document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = activeIndex === -1 && step === -1 ? 0 : activeIndex;
      moveTo((from + step + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded) {
      // Never submit the form from an open list; Enter picks the highlighted place.
      event.preventDefault();
      const place = options[activeIndex];
      if (place) select(place);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      } else if (value) {
        setQuery(placeLabel(value));
      }
    }
  };

  const status = statusText(searching, places.isFetching, places.isError, places.data);

  return (
    <div className="field combobox">
      <label className="field__label" htmlFor={ids.input}>
        {de.place.label}
      </label>
      <div className="combobox__control">
        <svg className="combobox__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
          <circle cx="12" cy="10" r="2.3" />
        </svg>
        <input
          ref={inputRef}
          id={ids.input}
          type="text"
          role="combobox"
          className="field__input combobox__input"
          value={query}
          placeholder={de.place.placeholder}
          maxLength={PLACE_QUERY_MAX}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={ids.listbox}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[ids.hint, error ? ids.error : ''].filter(Boolean).join(' ')}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            if (value) setQuery(placeLabel(value));
            onBlur();
          }}
        />
        <ul
          id={ids.listbox}
          role="listbox"
          aria-label={de.place.listLabel}
          className="combobox__listbox"
          hidden={!expanded}
          // Keeps the focus in the input, so a click selects instead of blurring first.
          onMouseDown={(event) => event.preventDefault()}
        >
          {options.map((place, index) => (
            <li
              key={place.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'combobox__option combobox__option--active' : 'combobox__option'}
              onClick={() => select(place)}
              onMouseMove={() => activeIndex !== index && setActive(index)}
            >
              <span className="combobox__name">{place.name}</span>
              <span className="combobox__region">, {place.region}</span>
            </li>
          ))}
        </ul>
      </div>
      <p id={ids.status} role="status" className={status.visible ? 'combobox__status' : 'visually-hidden'}>
        {status.text}
      </p>
      <p className="field__hint" id={ids.hint}>
        {de.place.hint}
      </p>
      <p className={value ? 'combobox__selected' : 'combobox__selected combobox__selected--none'} data-testid="place-selected">
        {value ? (
          <>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            <span>
              {de.place.selected} <strong>{placeLabel(value)}</strong>
            </span>
          </>
        ) : (
          de.place.notSelected
        )}
      </p>
      {error ? (
        <p className="field__error" id={ids.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function statusText(searching: boolean, fetching: boolean, failed: boolean, data: Place[] | undefined) {
  if (!searching) return { text: '', visible: false };
  if (failed) return { text: de.place.failed, visible: true };
  if (!data) return { text: fetching ? de.place.searching : '', visible: true };
  if (data.length === 0) return { text: fetching ? de.place.searching : de.place.none, visible: true };
  return { text: de.place.results(data.length), visible: false };
}
