import { categoryLabels, photoCategories, type PhotoCategory } from '@funkeln/contracts/leaderboard';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { useContestEntries, useSaveEntries } from '../../lib/contest-entries';
import { Notice } from './notice';
import '../../styles/contest-entries.css';

export interface ContestPhoto {
  id: string;
  /** 0 = the main photo. */
  position: number;
}

/**
 * The Top10 opt-in: the categories the member's photo competes in, each saved at once (the own
 * profile page and onboarding). With more than one approved photo, which one competes per category.
 */
export function ContestEntries({ approved = [] }: { approved?: ContestPhoto[] }) {
  const entries = useContestEntries();
  const save = useSaveEntries();
  const chosen = entries.data?.categories ?? [];
  const photos = entries.data?.photos ?? {};
  const toggle = (c: PhotoCategory, on: boolean) => {
    const categories = on ? [...chosen, c] : chosen.filter((x) => x !== c);
    save.mutate({ categories, photos: Object.fromEntries(Object.entries(photos).filter(([k]) => categories.includes(k as PhotoCategory))) });
  };
  const choosePhoto = (c: PhotoCategory, id: string) => {
    const { [c]: _previous, ...others } = photos;
    save.mutate({ categories: chosen, photos: id ? { ...others, [c]: id } : others });
  };
  return (
    <>
      <div className="contest-entries">
        {photoCategories.map((c) => (
          <label key={c} className="checkbox">
            <input type="checkbox" checked={chosen.includes(c)} disabled={entries.isPending} onChange={(e) => toggle(c, e.target.checked)} />
            <span>{categoryLabels[c]}</span>
          </label>
        ))}
      </div>
      {approved.length > 1 && chosen.length > 0 ? (
        <div className="contest-entries__photos">
          {chosen.map((c) => (
            <label key={c} className="field">
              <span className="field__label">{de.contest.photoFor(categoryLabels[c])}</span>
              <select className="input" value={photos[c] ?? ''} disabled={save.isPending} onChange={(e) => choosePhoto(c, e.target.value)}>
                <option value="">{de.contest.mainPhoto}</option>
                {approved.slice(1).map((p) => (
                  <option key={p.id} value={p.id}>
                    {de.contest.photoOption(p.position + 1)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      ) : null}
      {save.isSuccess ? <Notice tone="success">{de.contest.saved}</Notice> : null}
      {save.isError ? <Notice tone="error">{errorMessage(save.error, de.contest.failed)}</Notice> : null}
    </>
  );
}
