import { defineErrors } from './define.js';

/** Photo uploads and their delivery. */
export const photosErrors = defineErrors({
  invalid_multipart: { status: 400, message: 'Die Anfrage ist kein gültiges multipart/form-data. Bitte lade das Foto erneut hoch.' },
  missing_file: { status: 400, message: 'Bitte sende das Foto im Feld „file“.' },
  empty_file: { status: 400, message: 'Die Datei ist leer. Bitte wähle ein Foto aus.' },
  corrupt_image: { status: 400, message: 'Das Bild ist beschädigt oder unvollständig. Bitte versuche es mit einer anderen Datei.' },
  file_too_large: { status: 413, message: 'Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.' },
  image_too_large: { status: 413, message: 'Das Bild ist zu groß. Erlaubt sind höchstens 40 Megapixel.' },
  too_many_files: { status: 413, message: 'Bitte lade genau ein Foto hoch.' },
  too_many_parts: { status: 413, message: 'Die Anfrage enthält zu viele Teile.' },
  too_many_fields: { status: 413, message: 'Die Anfrage enthält zu viele Felder.' },
  too_many_photos: { status: 409, message: 'Du kannst höchstens 6 Fotos hochladen.' },
  /** A picture on which the face check found no face would become (or stay the candidate for) the main photo. */
  main_photo_needs_face: { status: 422, message: 'Als Hauptfoto brauchen wir ein Foto, auf dem dein Gesicht zu sehen ist.' },
  invalid_photo_order: {
    status: 400,
    message: 'Die Reihenfolge muss jedes deiner Fotos genau einmal enthalten. Bitte lade die Seite neu und versuche es erneut.',
  },
  unsupported_image: {
    status: 415,
    message: ({ format }: { format?: 'heic' }) =>
      format === 'heic'
        ? 'Dieses HEIC-Foto können wir leider nicht lesen. Bitte speichere es als JPEG und lade es erneut hoch.'
        : 'Dieses Dateiformat wird nicht unterstützt. Bitte lade ein Foto als JPEG, PNG, WebP oder AVIF hoch.',
  },
});

export const photosNotFound = { photo_unavailable: 'Dieses Foto ist nicht verfügbar.', own_photo: 'Dieses Foto gibt es in deiner Galerie nicht.', duplicate_flag: 'Diesen Hinweis gibt es nicht (mehr).' } as const;

export const photosLimits = { upload: 'Du hast in der letzten Stunde zu viele Fotos hochgeladen. Bitte warte ein wenig.' } as const;
