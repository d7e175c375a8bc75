import { useState, type FormEvent } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api';
import { useDeleteMemory, useMemories, useSaveMemory } from '../api';

/** 'Erinnerung speichern' with text and tags, and the saved memories with a delete button each. */
export function MemoryPanel() {
  const [content, setContent] = useState('');
  const [tags, setTags] = useState('');
  const save = useSaveMemory();
  const remove = useDeleteMemory();
  const memories = useMemories();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = tags.split(',').map((t) => t.trim()).filter(Boolean);
    save.mutate(
      { content, tags: list },
      {
        onSuccess: () => {
          setContent('');
          setTags('');
        },
      },
    );
  };
  return (
    <section className="df-memory" aria-labelledby="df-memory-title">
      <h2 id="df-memory-title">{de.companion.memoryTitle}</h2>
      <form onSubmit={submit} className="df-memory__form">
        <label className="field">
          <span>{de.companion.memoryText}</span>
          <textarea value={content} maxLength={4000} rows={2} onChange={(e) => setContent(e.target.value)} />
        </label>
        <label className="field">
          <span>{de.companion.memoryTags}</span>
          <input value={tags} onChange={(e) => setTags(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--ghost" disabled={save.isPending}>
          {de.companion.memorySave}
        </button>
      </form>
      {save.isSuccess ? <Notice tone="success">{de.companion.memorySaved}</Notice> : null}
      {save.isError ? <Notice tone="error">{errorMessage(save.error, de.companion.saveFailed)}</Notice> : null}
      {memories.data && memories.data.length > 0 ? (
        <>
          <h3>{de.companion.memories}</h3>
          <ul className="df-memory__list">
            {memories.data.map((m) => (
              <li key={m.id}>
                <span>{m.content}</span>
                {m.tags.length ? <span className="muted small"> · {m.tags.join(', ')}</span> : null}
                <button type="button" className="link-subtle" onClick={() => remove.mutate(m.id)}>
                  {de.companion.memoryDelete}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
