import { useEffect, useState } from 'react';
import { de } from '../i18n/de';
import { errorMessage } from './api-error';
import { disablePush, enablePush, pushState, type PushState } from './web-push';

/** This device's Web Push state for the member, with switching on (asks for permission) and off. */
export function useWebPush() {
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s), () => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (err) {
      setError(errorMessage(err, de.push.failed));
    } finally {
      setBusy(false);
    }
  };

  return { state, busy, error, enable: () => run(enablePush), disable: () => run(disablePush) };
}
