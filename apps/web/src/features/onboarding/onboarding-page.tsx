import type { OwnProfile } from '@funkeln/contracts/profiles';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { useContestEntries } from '../../lib/contest-entries';
import { useCurrentUser } from '../../lib/current-user';
import { ONBOARDING_STEPS } from '../../lib/onboarding-steps';
import { useOwnProfile } from '../../lib/own-profile';
import { OnboardingProgress } from './components/onboarding-progress';
import { FORM_STEPS, ProfileForm } from './components/profile-form';
import { ContestStep } from './components/contest-step';
import { useContestSkip } from './use-contest-skip';
import './onboarding.css';

/** The guided step a link names (/onboarding#eckdaten from Entdecken), else the first one with something missing. */
function firstStep(profile: OwnProfile, hash: string): number {
  const anchor = decodeURIComponent(hash.slice(1));
  if (anchor === ONBOARDING_STEPS.photo) return 0;
  if (anchor === ONBOARDING_STEPS.basics || anchor === ONBOARDING_STEPS.search) return 3;
  if (!profile.photo && !profile.aboutMe) return 0;
  if (profile.interests.length === 0) return 1;
  if (profile.prompts.length === 0) return 2;
  return 3;
}

/** Once a step is shown, the page starts at its top and the keyboard and screen reader start there too. */
function useStepFocus(step: number | null, top: RefObject<HTMLDivElement | null>): void {
  const first = useRef(true);
  useEffect(() => {
    if (step === null) return;
    if (first.current) {
      first.current = false;
      return;
    }
    top.current?.focus();
  }, [step, top]);
}

/** A link to one section (/onboarding#eckdaten) scrolls to it in the full form once it is there. */
function useScrollToSection(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}

/**
 * A new member (profile not yet complete when the page opens) goes one step at a time: photo and
 * about, interests, a prompt, basics and search, then the optional Top10 step and 'Weiter zu
 * Entdecken' (issue 56, item 11). A complete profile is edited in one form with every section.
 */
function OnboardingSteps({ profile }: { profile: OwnProfile }) {
  const me = useCurrentUser();
  const { hash } = useLocation();
  const entered = (useContestEntries().data?.categories.length ?? 0) > 0;
  const contest = useContestSkip(me?.id);
  const [step, setStep] = useState<number | null>(() => (profile.complete ? null : firstStep(profile, hash)));
  const top = useRef<HTMLDivElement>(null);
  useStepFocus(step, top);
  useScrollToSection(step === null);
  const guided = step === null ? undefined : { step, onStep: setStep };
  const showContest = step === null || step >= FORM_STEPS;
  return (
    <>
      <div ref={top} tabIndex={-1} className="onboarding__top">
        <OnboardingProgress profile={profile} contestDone={entered || contest.skipped} current={step ?? undefined} onChoose={guided ? setStep : undefined} />
      </div>
      <Notice tone={profile.complete ? 'success' : 'info'} testId="profile-completeness">
        {profile.complete ? de.onboarding.complete : de.onboarding.incomplete}
      </Notice>
      {step === null || step < FORM_STEPS ? <ProfileForm profile={profile} guided={guided} /> : null}
      {showContest ? <ContestStep entered={entered} skipped={contest.skipped} onSkip={contest.skip} onUndo={contest.undo} /> : null}
      {step !== null && step >= FORM_STEPS ? (
        <button type="button" className="btn btn--ghost onboarding__back" onClick={() => setStep(FORM_STEPS - 1)}>
          {de.onboarding.back}
        </button>
      ) : null}
      {profile.complete || (step !== null && step >= FORM_STEPS) ? (
        <Link className="btn btn--primary btn--block onboarding__next" to="/discover">
          {de.onboarding.toDiscover}
        </Link>
      ) : null}
    </>
  );
}

export function OnboardingPage() {
  const profile = useOwnProfile();
  return (
    <section className="page page--form onboarding" aria-labelledby="onboarding-title">
      <PageHeader titleId="onboarding-title" title={de.onboarding.title} lead={de.onboarding.lead} />
      <QueryState query={profile} failed={de.onboarding.loadFailed}>
        {(data) => <OnboardingSteps profile={data} />}
      </QueryState>
    </section>
  );
}
