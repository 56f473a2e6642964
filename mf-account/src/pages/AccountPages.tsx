import { useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { RequireAuth, logout, useAppDispatch } from '@waypoint/platform';
import { Button, Drawer, PageSpinner } from '@waypoint/ui';

function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <ul className="wp-side-menu">
      <li>
        <NavLink className="wp-menu__item" to="/account/profile" onClick={onNavigate}>
          Edit personal details
        </NavLink>
      </li>
      <li>
        <NavLink className="wp-menu__item" to="/orders" onClick={onNavigate}>
          My orders
        </NavLink>
      </li>
      <li>
        <button
          type="button"
          className="wp-menu__item"
          onClick={async () => {
            onNavigate?.();
            await dispatch(logout());
            navigate('/');
          }}
        >
          Logout
        </button>
      </li>
    </ul>
  );
}

/** Orders and profile: signed-in users only, with the account side menu (a drawer on small screens). */
export function AccountLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <RequireAuth loading={<PageSpinner />}>
      <div className="wp-container wp-side-layout">
        <aside className="wp-side-layout__aside wp-card" aria-label="Account">
          <Link to="/" className="wp-brand">
            Waypoint
          </Link>
          <nav aria-label="Account">
            <AccountMenu />
          </nav>
        </aside>
        <div>
          <div className="wp-side-layout__mobile">
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => setMenuOpen(true)}>
              Account menu
            </Button>
            <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title="Account">
              <nav aria-label="Account">
                <AccountMenu onNavigate={() => setMenuOpen(false)} />
              </nav>
            </Drawer>
          </div>
          <Outlet />
        </div>
      </div>
    </RequireAuth>
  );
}

export function OrdersPage() {
  return (
    <>
      <title>My orders – Waypoint</title>
      <h1>My orders</h1>
    </>
  );
}

export function ProfilePage() {
  return (
    <>
      <title>Profile – Waypoint</title>
      <h1>Profile</h1>
    </>
  );
}
