import type { PublicProfile } from '@funkeln/contracts/profiles';
import { InterestChips } from '../../../components/ui/interest-chips';
import { de } from '../../../i18n/de';

/** The member's answered prompts (question, then answer) and interests on the profile page. */
export function ProfileDetails({ profile }: { profile: PublicProfile['profile'] }) {
  return (
    <>
      {profile.prompts.length > 0 ? (
        <section className="profile-section" aria-labelledby="profile-prompts">
          <h2 className="profile-section__title visually-hidden" id="profile-prompts">
            {de.details.promptsTitle}
          </h2>
          <dl className="profile-prompts" data-testid="profile-prompts">
            {profile.prompts.map((p) => (
              <div className="profile-prompts__item" key={p.prompt_id}>
                <dt className="profile-prompts__question">{p.question}</dt>
                <dd className="profile-prompts__answer">{p.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {profile.interests.length > 0 ? (
        <section className="profile-section" aria-labelledby="profile-interests">
          <h2 className="profile-section__title" id="profile-interests">
            {de.details.interestsTitle}
          </h2>
          <InterestChips interests={profile.interests} />
        </section>
      ) : null}
    </>
  );
}
