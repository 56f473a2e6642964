import { useState } from 'react';
import { NavLink, Outlet } from '@waypoint/platform';
import { Button, Drawer, useT } from '@waypoint/ui';
import { useStaffPermissions } from '../components/common';
import { adminMessages } from '../i18n/catalog';

function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT(adminMessages);
  // Caseworkers see only the pages they can use.
  const permissions = useStaffPermissions();
  return (
    <ul className="wp-side-menu">
      <li>
        <NavLink className="wp-menu__item" to="/admin" end onClick={onNavigate}>
          {t('menu.dashboard')}
        </NavLink>
      </li>
      <li>
        {/* Also current on an application's detail page. */}
        <NavLink className="wp-menu__item" to="/admin/applications" onClick={onNavigate}>
          {t('menu.applications')}
        </NavLink>
      </li>
      {permissions.failedEmails ? (
        <li>
          <NavLink className="wp-menu__item" to="/admin/emails" onClick={onNavigate}>
            {t('menu.failedEmails')}
          </NavLink>
        </li>
      ) : null}
      {permissions.staffManagement ? (
        <li>
          <NavLink className="wp-menu__item" to="/admin/staff" onClick={onNavigate}>
            {t('menu.staff')}
          </NavLink>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The admin area: a side menu (Dashboard, Applications, and for admins Failed e-mails and Staff), which becomes a
 * drawer on small screens.
 */
export function AdminLayout() {
  const t = useT(adminMessages);
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="wp-container wp-container--wide wp-side-layout wpd-layout">
      <aside className="wp-side-layout__aside wp-card" aria-label={t('menu.label')}>
        <nav aria-label={t('menu.label')}>
          <AdminMenu />
        </nav>
      </aside>
      <div className="wpd-content">
        <div className="wp-side-layout__mobile">
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setMenuOpen(true)}>
            {t('menu.open')}
          </Button>
          <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={t('menu.label')}>
            <nav aria-label={t('menu.label')}>
              <AdminMenu onNavigate={() => setMenuOpen(false)} />
            </nav>
          </Drawer>
        </div>
        <Outlet />
      </div>
    </div>
  );
}
