import { useState } from 'react';
import {
  AuthErrorText,
  Link,
  NavLink,
  Outlet,
  RequireAuth,
  logout,
  useAppDispatch,
  useNavigate,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, Drawer, ErrorBox, useT } from '@waypoint/ui';
import { accountMessages } from '../../i18n/catalog';

interface AccountMenuProps {
  onNavigate?: () => void;
  onLogoutFailed: (message: string) => void;
}

function AccountMenu({ onNavigate, onLogoutFailed }: AccountMenuProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const t = useT(accountMessages);
  return (
    <ul className="wp-side-menu">
      <li>
        <NavLink className="wp-menu__item" to="/account/profile" onClick={onNavigate}>
          {t('menu.editDetails')}
        </NavLink>
      </li>
      <li>
        <NavLink className="wp-menu__item" to="/orders" onClick={onNavigate}>
          {t('menu.myOrders')}
        </NavLink>
      </li>
      <li>
        <button
          type="button"
          className="wp-menu__item"
          onClick={async () => {
            onNavigate?.();
            const result = await dispatch(logout());
            if (logout.fulfilled.match(result)) navigate('/', { replace: true });
            else onLogoutFailed(result.payload ?? AuthErrorText.logout);
          }}
        >
          {t('menu.logout')}
        </button>
      </li>
    </ul>
  );
}

/** Orders and profile: signed-in users only, with the account side menu (a drawer on small screens). */
export function AccountLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const t = useT(accountMessages);
  const apiText = useApiText();
  const content = (
    <div className="wp-container wp-side-layout">
      <aside className="wp-side-layout__aside wp-card" aria-label={t('menu.account')}>
        <Link to="/" className="wp-brand">
          Waypoint
        </Link>
        <nav aria-label={t('menu.account')}>
          <AccountMenu onLogoutFailed={setLogoutError} />
        </nav>
      </aside>
      <div>
        <div className="wp-side-layout__mobile">
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setMenuOpen(true)}>
            {t('menu.open')}
          </Button>
          <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={t('menu.account')}>
            <nav aria-label={t('menu.account')}>
              <AccountMenu onNavigate={() => setMenuOpen(false)} onLogoutFailed={setLogoutError} />
            </nav>
          </Drawer>
        </div>
        {logoutError ? <ErrorBox>{apiText(logoutError)}</ErrorBox> : null}
        <Outlet />
      </div>
    </div>
  );

  // While the session is first checked, the layout and the page's heading already show (each page waits for a
  // user before it asks for data): that is what the HTML rendered at build time holds, so it paints before any
  // script runs and hydrates unchanged. A guest then goes to login. Later work of the auth store (saving the
  // profile, logging out) keeps the page on screen too, with what the user typed.
  return <RequireAuth loading={content}>{content}</RequireAuth>;
}
