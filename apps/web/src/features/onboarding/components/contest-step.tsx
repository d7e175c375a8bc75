import { useId } from 'react';
import { ContestEntries } from '../../../components/ui/contest-entries';
import { de } from '../../../i18n/de';

interface ContestStepProps {
  /** The member competes in at least one category: the step is done, nothing to skip. */
  entered: boolean;
  skipped: boolean;
  onSkip: () => void;
  onUndo: () => void;
}

/** The last, optional onboarding step: the same Top10 opt-in as on the own profile page, or skip it. */
export function ContestStep({ entered, skipped, onSkip, onUndo }: ContestStepProps) {
  const id = useId();
  return (
    <section className="card form-section" aria-labelledby={id} data-testid="onboarding-contest">
      <h2 className="form-section__title" id={id}>
        {de.contest.title}
      </h2>
      <div className="form-section__body">
        {skipped && !entered ? (
          <>
            <p className="muted">{de.details.contestSkipped}</p>
            <button type="button" className="btn btn--ghost" onClick={onUndo}>
              {de.details.contestUndo}
            </button>
          </>
        ) : (
          <>
            <p className="muted small">{de.details.contestLead}</p>
            <ContestEntries />
            {entered ? null : (
              <button type="button" className="btn btn--ghost" onClick={onSkip}>
                {de.details.contestSkip}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
