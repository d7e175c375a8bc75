import { Notice } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteMemory, useMemories } from '../api';
import { isUnauthorized, LoginRedirect } from '../login-redirect';

/** The saved memories, each with its tags and a delete button. */
export function MemoryList() {
  const memories = useMemories();
  const remove = useDeleteMemory();
  if (isUnauthorized(memories.error, remove.error)) return <LoginRedirect />;

  return (
    <div className="companion-memory__saved">
      <h3>{de.companion.memories}</h3>
      {remove.isError ? <Notice tone="error">{errorMessage(remove.error, de.companion.deleteFailed)}</Notice> : null}
      <QueryState query={memories} failed={de.companion.memoriesFailed} isEmpty={(list) => list.length === 0} empty={<p className="muted">{de.companion.noMemories}</p>}>
        {(list) => (
          <ul className="companion-memory__list" data-testid="companion-memories">
            {list.map((m) => (
              <li key={m.id} className="companion-memory__item">
                <div>
                  <p className="companion-memory__content">{m.content}</p>
                  {m.source === 'learned' ? <p className="companion-memory__learned">{de.companion.learned}</p> : null}
                  {m.tags.length > 0 ? (
                    <ul className="companion-memory__tags">
                      {m.tags.map((tag) => (
                        <li key={tag} className="companion-tag">
                          {tag}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  aria-label={de.companion.memoryDeleteLabel(m.content)}
                  disabled={remove.isPending && remove.variables === m.id}
                  onClick={() => remove.mutate(m.id)}
                >
                  {de.companion.memoryDelete}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
