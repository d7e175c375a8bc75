import { de } from '../../../i18n/de-shell';
import { useOnlineCount } from '../../../lib/presence';

/** The live 'Gerade online' figure, pushed by the server's presence events. */
export function OnlineCounter() {
  const online = useOnlineCount();
  return (
    <p className="online-pill">
      <span className="online-pill__dot" aria-hidden="true" />
      <span className="online-pill__count" data-testid="online-count">
        {online.toLocaleString('de-DE')}
      </span>
      <span className="online-pill__label">{de.landing.online}</span>
    </p>
  );
}
