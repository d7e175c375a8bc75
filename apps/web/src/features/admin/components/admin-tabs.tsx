import { NavLink } from 'react-router';
import { de } from '../../../i18n/de';

const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'admin-tabs__link admin-tabs__link--active' : 'admin-tabs__link');

/** Switches between the two admin pages. */
export function AdminTabs() {
  return (
    <nav className="admin-tabs" aria-label={de.admin.tabs}>
      <NavLink to="/admin/moderation" className={tabClass}>
        {de.admin.moderationTitle}
      </NavLink>
      <NavLink to="/admin/settings" className={tabClass}>
        {de.admin.settingsTitle}
      </NavLink>
    </nav>
  );
}
