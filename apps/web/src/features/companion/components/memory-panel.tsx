import { de } from '../../../i18n/de';
import { MemoryForm } from './memory-form';
import { MemoryList } from './memory-list';

export function MemoryPanel() {
  return (
    <section className="df-memory" aria-labelledby="df-memory-title">
      <h2 id="df-memory-title">{de.companion.memoryTitle}</h2>
      <p className="muted">{de.companion.memoryLead}</p>
      <div className="df-memory__grid">
        <MemoryForm />
        <MemoryList />
      </div>
    </section>
  );
}
