import { useId } from 'react';
import { ContestEntries } from '../../../components/ui/contest-entries';
import { de } from '../../../i18n/de';

interface Top10StepProps {
  /** The member competes in at least one category: the step is done, nothing to skip. */
  entered: boolean;
  skipped: boolean;
  onSkip: () => void;
  onUndo: () => void;
}

/** The last, optional onboarding step: the same Top10 opt-in as on the own profile page, or skip it. */
export function Top10Step({ entered, skipped, onSkip, onUndo }: Top10StepProps) {
  const id = useId();
  return (
    <section className="card form-section" aria-labelledby={id} data-testid="onboarding-top10">
      <h2 className="form-section__title" id={id}>
        {de.contest.title}
      </h2>
      <div className="form-section__body">
        {skipped && !entered ? (
          <>
            <p className="muted">{de.details.top10Skipped}</p>
            <button type="button" className="btn btn--ghost" onClick={onUndo}>
              {de.details.top10Undo}
            </button>
          </>
        ) : (
          <>
            <p className="muted small">{de.details.top10Lead}</p>
            <ContestEntries />
            {entered ? null : (
              <button type="button" className="btn btn--ghost" onClick={onSkip}>
                {de.details.top10Skip}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
