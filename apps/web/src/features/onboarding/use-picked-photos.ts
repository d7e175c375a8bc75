import { MAX_PHOTOS } from '@funkeln/contracts/profiles';
import { useEffect, useState } from 'react';
import type { PickedPhoto } from './components/photo-field';

/**
 * The files picked for upload (several at once, up to the gallery's size) with their preview URLs;
 * every URL is revoked once its file is uploaded, discarded or the form goes away.
 */
export function usePickedPhotos() {
  const [picked, setPicked] = useState<PickedPhoto[]>([]);
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    const urls = picked.map((p) => p.url);
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, [picked]);

  return {
    picked,
    inputKey,
    pick: (files: File[]) => setPicked(files.slice(0, MAX_PHOTOS).map((file) => ({ file, url: URL.createObjectURL(file) }))),
    /** One file is on the server: it leaves the selection, so a failure after it does not upload it twice. */
    uploaded: (file: File) => setPicked((list) => list.filter((p) => p.file !== file)),
    clear: () => {
      setPicked([]);
      setInputKey((key) => key + 1);
    },
  };
}
