import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { usePublicProfile } from './api';
import { ProfileMissing } from './components/profile-missing';
import { ProfileView } from './components/profile-view';

/** 404 for unknown or hidden members; 400 when the id is no valid member id at all. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export function ProfilePage() {
  const { id = '' } = useParams();
  const me = useCurrentUser();
  const profile = usePublicProfile(id);

  let content;
  if (profile.isPending) content = <Spinner label={de.common.loading} />;
  else if (profile.isError) {
    content = isMissing(profile.error) ? (
      <ProfileMissing />
    ) : (
      <ProfileMissing error={errorMessage(profile.error, de.profile.loadFailed)} />
    );
  } else {
    const own = me?.id === profile.data.user.id;
    content = <ProfileView data={profile.data} own={own} canMessage={me !== null && !own} />;
  }

  return <div className="page page--profile">{content}</div>;
}
