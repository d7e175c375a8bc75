import { Navigate } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';
import { de } from '../../i18n/de';
import { useToken } from '../../lib/token-storage';

/** Not behind the route guard: sends visitors to the login and back here afterwards. */
export function DigitalFriendPage() {
  const token = useToken();
  if (!token) return <Navigate to="/login?next=/digital-friend" replace />;
  return <ComingSoon title={de.placeholders.digitalFriend} />;
}
