import type { PublicProfile } from '@funkeln/contracts/profiles';
import { Link } from 'react-router';
import { ReportButton } from '../../../components/ui/report-button';
import { de } from '../../../i18n/de';
import { BadgeList } from './badge-list';
import { ContestEntries } from './contest-entries';
import { ProfileDetails } from './profile-details';
import { PhotoGalleryManager } from './photo-gallery-manager';
import { ProfilePhotos } from './profile-photos';
import { ShareActions } from './share-actions';
import { VerifiedCheck } from '../../../components/ui/verified-check';

interface ProfileViewProps {
  data: PublicProfile;
  own: boolean;
  /** Someone else's profile seen by a signed-in member: offer 'Nachricht schreiben'. */
  canMessage: boolean;
}

function TextSection({ id, title, text }: { id: string; title: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <section className="profile-section" aria-labelledby={id}>
      <h2 className="profile-section__title" id={id}>
        {title}
      </h2>
      <p className="profile-section__text" data-testid={id}>
        {text}
      </p>
    </section>
  );
}

export function ProfileView({ data, own, canMessage }: ProfileViewProps) {
  const { user, profile } = data;
  const meta = [profile.age === null ? '' : String(profile.age), profile.city ?? ''].filter(Boolean).join(' · ');
  const hasText = Boolean(profile.about_me.trim() || profile.looking_for.trim() || profile.prompts.length || profile.interests.length);
  return (
    <article className="card profile-card" aria-labelledby="profile-name">
      <div className="profile-card__media">
        {profile.photo_url || profile.photos.length > 0 ? (
          <ProfilePhotos profile={profile} name={user.display_name} />
        ) : (
          <div className="profile-card__no-photo">
            <span className="profile-card__initial" aria-hidden="true">
              {user.display_name.slice(0, 1).toLocaleUpperCase('de')}
            </span>
            <span className="muted">{de.profile.noPhoto}</span>
          </div>
        )}
      </div>
      <div className="profile-card__body">
        <header className="profile-card__header">
          <h1 className="profile-card__name" id="profile-name">
            {user.display_name}
            {profile.photo_verified ? <VerifiedCheck testId="profile-verified" /> : null}
          </h1>
          {meta ? (
            <p className="profile-card__meta" data-testid="profile-meta">
              {meta}
            </p>
          ) : null}
          {profile.gender ? (
            <p className="profile-card__gender" data-testid="profile-gender">
              {profile.gender}
            </p>
          ) : null}
        </header>
        <TextSection id="profile-about" title={de.profile.aboutMe} text={profile.about_me} />
        <TextSection id="profile-looking" title={de.profile.lookingFor} text={profile.looking_for} />
        <ProfileDetails profile={profile} />
        {hasText ? null : <p className="muted">{de.profile.empty}</p>}
        <BadgeList badges={profile.badges} />
        {canMessage ? (
          <Link className="btn btn--primary profile-card__write" to={`/messages/${encodeURIComponent(user.id)}`}>
            {de.profile.write}
          </Link>
        ) : null}
        <ShareActions id={user.id} name={user.display_name} own={own} shareable={data.shareable} />
        {canMessage ? <ReportButton target={{ userId: user.id }} /> : null}
        {own ? <PhotoGalleryManager /> : null}
        {own ? <ContestEntries /> : null}
        {own ? (
          <Link className="link-subtle" to="/settings">
            {de.settings.link}
          </Link>
        ) : null}
        {own ? (
          <Link className="link-subtle profile-card__edit" to="/onboarding">
            {de.profile.edit}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
