import type { OwnProfile } from '@funkeln/contracts/profiles';
import { de } from '../../../i18n/de';

/** What onboarding asks for, in order, and whether each is done (the Top10 step: entered or skipped). */
function onboardingSteps(profile: OwnProfile, contestDone: boolean) {
  return [
    { label: de.details.steps.photos, done: profile.photo !== null },
    { label: de.details.steps.interests, done: profile.interests.length > 0 },
    { label: de.details.steps.prompt, done: profile.prompts.length > 0 },
    {
      label: de.details.steps.basics,
      done: Boolean(profile.birthDate && profile.gender && profile.interestedIn.length > 0 && profile.place),
    },
    { label: de.details.steps.contest, done: contestDone },
  ];
}

interface OnboardingProgressProps {
  profile: OwnProfile;
  contestDone: boolean;
  /** Guided onboarding: the step shown (else the first one still open), and a way to go to another. */
  current?: number | undefined;
  onChoose?: ((step: number) => void) | undefined;
}

/** "Schritt 2 von 5": the step shown or the first still open, with the list of steps and a progress bar. */
export function OnboardingProgress({ profile, contestDone, current, onChoose }: OnboardingProgressProps) {
  const steps = onboardingSteps(profile, contestDone);
  const open = current ?? steps.findIndex((s) => !s.done);
  const doneCount = steps.filter((s) => s.done).length;
  const heading = open === -1 ? de.details.progressDone(steps.length) : de.details.progress(open + 1, steps.length);
  return (
    <nav className="onboarding-progress" aria-label={de.details.progressLabel}>
      <p className="onboarding-progress__title" data-testid="onboarding-step">
        {heading}
      </p>
      <progress className="onboarding-progress__bar" value={doneCount} max={steps.length} aria-label={heading} />
      <ol className="onboarding-progress__steps">
        {steps.map((s, i) => (
          <li key={s.label} className={s.done ? 'onboarding-progress__step--done' : undefined} aria-current={i === open ? 'step' : undefined}>
            {onChoose ? (
              <button type="button" className="onboarding-progress__choose" onClick={() => onChoose(i)}>
                {s.label}
              </button>
            ) : (
              s.label
            )}
            {s.done ? <span className="visually-hidden"> ({de.details.stepDone})</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
