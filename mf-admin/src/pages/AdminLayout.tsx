import { useState } from 'react';
import { NavLink, Outlet } from '@waypoint/platform';
import { Button, Drawer } from '@waypoint/ui';

function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="wp-side-menu">
      <li>
        <NavLink className="wp-menu__item" to="/admin" end onClick={onNavigate}>
          Dashboard
        </NavLink>
      </li>
      <li>
        {/* Also current on an application's detail page. */}
        <NavLink className="wp-menu__item" to="/admin/applications" onClick={onNavigate}>
          Applications
        </NavLink>
      </li>
      <li>
        <NavLink className="wp-menu__item" to="/admin/emails" onClick={onNavigate}>
          Failed e-mails
        </NavLink>
      </li>
    </ul>
  );
}

/**
 * The admin area: a side menu (Dashboard, Applications, Failed e-mails), which becomes a drawer on small screens.
 */
export function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="wp-container wp-container--wide wp-side-layout wpd-layout">
      <aside className="wp-side-layout__aside wp-card" aria-label="Admin">
        <nav aria-label="Admin">
          <AdminMenu />
        </nav>
      </aside>
      <div className="wpd-content">
        <div className="wp-side-layout__mobile">
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setMenuOpen(true)}>
            Admin menu
          </Button>
          <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title="Admin">
            <nav aria-label="Admin">
              <AdminMenu onNavigate={() => setMenuOpen(false)} />
            </nav>
          </Drawer>
        </div>
        <Outlet />
      </div>
    </div>
  );
}
