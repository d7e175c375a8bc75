import { useSyncExternalStore } from 'react';
import { de } from '../../i18n/de';
import { Notice } from './notice';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Shown while the browser is offline (the service worker opened the app shell from its cache). */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  return online ? null : (
    <div className="offline-notice">
      <Notice tone="warning" testId="offline-notice">
        {de.offline}
      </Notice>
    </div>
  );
}
