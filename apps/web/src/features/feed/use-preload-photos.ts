import { useEffect } from 'react';

const preloaded = new Set<string>();
const MAX_REMEMBERED = 200;

/** Warms the browser cache for the next cards' photos, so a swipe never waits on the network. */
export function usePreloadPhotos(urls: readonly string[]): void {
  const key = urls.join('\n');
  useEffect(() => {
    if (preloaded.size > MAX_REMEMBERED) preloaded.clear();
    for (const url of key.split('\n')) {
      if (!url || preloaded.has(url)) continue;
      preloaded.add(url);
      const image = new Image();
      image.decoding = 'async';
      image.src = url;
    }
  }, [key]);
}
