import type { CompanionConversation } from '@funkeln/contracts/companion';
import { de } from '../../../i18n/de';

interface Props {
  conversations: CompanionConversation[];
  active: string | null;
  onPick: (id: string) => void;
  onNew: () => void;
  starting: boolean;
}

const startedAt = (iso: string) => new Date(iso).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' });

/** The member's conversations, newest first, and 'Neu'. */
export function ConversationList({ conversations, active, onPick, onNew, starting }: Props) {
  return (
    <aside className="companion-sidebar" aria-labelledby="companion-conversations">
      <div className="companion-sidebar__head">
        <h2 id="companion-conversations">{de.companion.conversations}</h2>
        <button type="button" className="btn btn--primary btn--small" onClick={onNew} disabled={starting}>
          {de.companion.new}
        </button>
      </div>
      {conversations.length === 0 ? <p className="muted companion-small">{de.companion.empty}</p> : null}
      <ul className="companion-sidebar__list">
        {conversations.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={`companion-sidebar__item${c.id === active ? ' is-active' : ''}`}
              aria-current={c.id === active ? 'true' : undefined}
              onClick={() => onPick(c.id)}
            >
              <span className="companion-sidebar__title">{c.title}</span>
              <time className="muted companion-small" dateTime={c.started_at}>
                {startedAt(c.started_at)}
              </time>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
