import type { Place } from '@funkeln/contracts/profiles';
import { useContext, useEffect, useEffectEvent, useId, useLayoutEffect, useState, type Ref } from 'react';
import { ComboBox, ComboBoxStateContext, I18nProvider, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
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

const placeLabel = (place: Place) => `${place.name}, ${place.region}`;

const isSearchable = (text: string) => text.trim().length >= PLACE_QUERY_MIN;

/**
 * React Aria's press handling would add a <style> element (touch-action for pressable elements),
 * which the CSP (style-src 'self') refuses. The rule is in form-controls.css; an element with
 * React Aria's id, added before its effects run, tells it the rule is there.
 */
const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

function usePressableRuleFromCss(): void {
  useLayoutEffect(() => {
    if (document.getElementById(PRESSABLE_STYLE_ID)) return;
    const marker = document.createElement('template');
    marker.id = PRESSABLE_STYLE_ID;
    document.head.append(marker);
  }, []);
}

/**
 * 'Wohnort': React Aria's combobox (ARIA 1.2 pattern, arrow keys, Enter picks, Escape closes),
 * fed by GET /api/places as the member types. Only a place from the list counts: the text returns
 * to the chosen place when the field loses focus, or on Escape with the list closed.
 */
export function PlaceCombobox({ value, onChange, onBlur, inputRef, error }: PlaceComboboxProps) {
  usePressableRuleFromCss();
  const id = useId();
  const ids = { status: `${id}-status`, hint: `${id}-hint`, error: `${id}-error` };
  const chosen = value ? placeLabel(value) : '';

  const [query, setQuery] = useState(chosen);
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(query, 250);
  const searching = query !== chosen && isSearchable(query) && isSearchable(debounced);
  const places = usePlaces(searching ? debounced : '');
  const options = searching ? (places.data ?? []) : [];

  const select = (key: Key | null) => {
    const place = options.find((option) => option.id === key);
    if (!place) return;
    onChange(place);
    setQuery(placeLabel(place));
  };

  const status = statusText(searching, places.isFetching, places.isError, places.data);

  return (
    // German announcements whatever the browser's language (the build keeps only React Aria's German strings).
    <I18nProvider locale="de-DE">
      <div className="field combobox">
        <ComboBox
          items={options}
          inputValue={query}
          onInputChange={setQuery}
          selectedKey={value?.id ?? null}
          onSelectionChange={select}
          onOpenChange={setOpen}
          // The text may differ from the chosen place while typing; blur and Escape restore it.
          allowsCustomValue
          menuTrigger="input"
          isInvalid={error ? true : undefined}
          onBlur={() => {
            setQuery(chosen);
            onBlur();
          }}
        >
          <Label className="field__label">{de.place.label}</Label>
          <div className="combobox__control">
            <svg className="combobox__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
              <circle cx="12" cy="10" r="2.3" />
            </svg>
            <Input
              ref={inputRef}
              className="field__input combobox__input"
              placeholder={de.place.placeholder}
              maxLength={PLACE_QUERY_MAX}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={[ids.hint, error ? ids.error : ''].filter(Boolean).join(' ')}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && !open) setQuery(chosen);
              }}
            />
          </div>
          <OpenOnResults results={searching ? places.data : undefined} />
          <Popover className="combobox__popover" offset={6}>
            <ListBox<Place> className="combobox__listbox" aria-label={de.place.listLabel}>
              {(place) => (
                <ListBoxItem
                  id={place.id}
                  textValue={placeLabel(place)}
                  className={({ isFocused }) => (isFocused ? 'combobox__option combobox__option--active' : 'combobox__option')}
                >
                  <span className="combobox__name">{place.name}</span>
                  <span className="combobox__region">, {place.region}</span>
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
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
    </I18nProvider>
  );
}

/**
 * React Aria opens the list when the text changes and items are there already; the places arrive
 * a debounce and a request later, so a fresh, non-empty answer opens it (while the field has focus).
 */
function OpenOnResults({ results }: { results: Place[] | undefined }) {
  const state = useContext(ComboBoxStateContext);
  // Reads the list's state when an answer arrives without making that state a reason to run:
  // only a new answer opens the list, so Escape closes it for good until the member types again.
  const openOnAnswer = useEffectEvent((answer: Place[] | undefined) => {
    if (answer !== undefined && answer.length > 0 && state?.isFocused && !state.isOpen) state.open(null, 'input');
  });
  useEffect(() => openOnAnswer(results), [results]);
  return null;
}

function statusText(searching: boolean, fetching: boolean, failed: boolean, data: Place[] | undefined) {
  if (!searching) return { text: '', visible: false };
  if (failed) return { text: de.place.failed, visible: true };
  if (!data) return { text: fetching ? de.place.searching : '', visible: true };
  if (data.length === 0) return { text: fetching ? de.place.searching : de.place.none, visible: true };
  return { text: de.place.results(data.length), visible: false };
}
