import { useEffect, useState } from 'react';
import type { PickedPhoto } from './components/photo-field';

/** The file picked for upload plus its preview URL; every URL is revoked once it is replaced or unmounted. */
export function usePickedPhoto() {
  const [picked, setPicked] = useState<PickedPhoto | null>(null);
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    if (!picked) return undefined;
    const { url } = picked;
    return () => URL.revokeObjectURL(url);
  }, [picked]);

  return {
    picked,
    inputKey,
    pick: (file: File) => setPicked({ file, url: URL.createObjectURL(file) }),
    clear: () => {
      setPicked(null);
      setInputKey((key) => key + 1);
    },
  };
}
