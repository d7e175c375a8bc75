import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { errorCode, errorMessage } from '../../lib/api-error';
import { useCurrentUser } from '../../lib/current-user';
import { usePublicProfile } from './api';
import { ProfileMissing } from './components/profile-missing';
import { ProfileView } from './components/profile-view';
import './profile.css';

/** 404 for unknown or hidden members; 400 when the id is no valid member id at all. */
/** An unknown or hidden member ('not_found'), or an id that is none ('validation_error'). */
const isMissing = (error: unknown) => {
  const code = errorCode(error);
  return code === 'not_found' || code === 'validation_error';
};

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
