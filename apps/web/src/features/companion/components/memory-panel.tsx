import { de } from '../../../i18n/de';
import { MemoryForm } from './memory-form';
import { MemoryList } from './memory-list';

export function MemoryPanel() {
  return (
    <section className="companion-memory" aria-labelledby="companion-memory-title">
      <h2 id="companion-memory-title">{de.companion.memoryTitle}</h2>
      <p className="muted">{de.companion.memoryLead}</p>
      <div className="companion-memory__grid">
        <MemoryForm />
        <MemoryList />
      </div>
    </section>
  );
}
