import { de } from '../../../i18n/de';

/** No (more) suggestions: the spec's sentence, a tip about the radius and a fresh start. */
export function FeedEmpty({ onReload }: { onReload: () => void }) {
  return (
    <div className="deck-stack__state feed-empty" data-testid="feed-empty">
      <span className="feed-empty__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
          <path d="M19 15.5l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z" />
        </svg>
      </span>
      <p className="feed-empty__title">{de.discover.empty}</p>
      <p className="feed-empty__hint muted">{de.discover.emptyHint}</p>
      <button type="button" className="btn btn--secondary btn--small" onClick={onReload}>
        {de.discover.reload}
      </button>
    </div>
  );
}
