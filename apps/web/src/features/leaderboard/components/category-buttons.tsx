import { categoryLabels, photoCategories, type PhotoCategory } from '@funkeln/contracts/leaderboard';
import { de } from '../../../i18n/de';

export function CategoryButtons({ value, onChange }: { value: PhotoCategory; onChange: (c: PhotoCategory) => void }) {
  return (
    <div className="category-buttons" role="group" aria-label={de.leaderboard.categories}>
      {photoCategories.map((c) => (
        <button key={c} type="button" className={`btn ${c === value ? 'btn--primary' : 'btn--ghost'}`} aria-pressed={c === value} onClick={() => onChange(c)}>
          {categoryLabels[c]}
        </button>
      ))}
    </div>
  );
}
