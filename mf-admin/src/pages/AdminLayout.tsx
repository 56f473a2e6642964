import { NavLink, Outlet } from '@waypoint/platform';
import { useT } from '@waypoint/ui';
import { useStaffPermissions } from '../components/common';
import { adminMessages } from '../i18n/catalog';
import { SupportMenuCount } from './SupportMenuCount';

function AdminMenu() {
  const t = useT(adminMessages);
  // Caseworkers see only the pages they can use.
  const permissions = useStaffPermissions();
  return (
    <ul className="wp-side-menu">
      <li>
        <NavLink className="wp-menu__item" to="/admin" end>
          {t('menu.dashboard')}
        </NavLink>
      </li>
      <li>
        {/* Also current on an application's detail page. */}
        <NavLink className="wp-menu__item" to="/admin/applications">
          {t('menu.applications')}
        </NavLink>
      </li>
      <li>
        {/* Also current on a conversation's page. */}
        <NavLink className="wp-menu__item" to="/admin/support">
          {t('menu.support')}
          <SupportMenuCount />
        </NavLink>
      </li>
      {permissions.failedEmails ? (
        <li>
          <NavLink className="wp-menu__item" to="/admin/emails">
            {t('menu.failedEmails')}
          </NavLink>
        </li>
      ) : null}
      {permissions.staffManagement ? (
        <li>
          <NavLink className="wp-menu__item" to="/admin/staff">
            {t('menu.staff')}
          </NavLink>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The admin area, in the portal's container: one staff menu (Dashboard, Applications, Support, and for admins
 * Failed e-mails and Staff) that stays in view beside the page, and on small screens is a row of links above it
 * (admin.css), rather than a second menu button beside the header's.
 */
export function AdminLayout() {
  const t = useT(adminMessages);
  return (
    <div className="wp-container wp-side-layout wpd-layout">
      <aside className="wp-side-layout__aside wp-card wpd-menu" aria-label={t('menu.label')}>
        <nav aria-label={t('menu.label')}>
          <AdminMenu />
        </nav>
      </aside>
      <div className="wpd-content">
        <Outlet />
      </div>
    </div>
  );
}
