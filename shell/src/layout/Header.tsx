import { useEffect, useId, useRef, useState } from 'react';
import {
  Link,
  NavLink,
  logout,
  needsSecondFactor,
  selectAuth,
  useAppDispatch,
  useAppSelector,
  useHydrated,
  useLocation,
  useNavigate,
  userDisplayName,
  userInitial,
  type AuthUser,
} from '@waypoint/platform';
import { isStaffRole } from '@waypoint/contracts';
import { Drawer, useT } from '@waypoint/ui';
import { Icon, Menu } from '@waypoint/ui/icons';
import { shellMessages } from '../i18n/catalog';
import { LanguagePicker } from './LanguagePicker';

/**
 * The area a signed-in person's header leads to: travellers their orders, staff the staff area once their second
 * factor is done (until then, nothing: neither is open to them yet).
 */
function areaOf(user: AuthUser): 'orders' | 'staff' | null {
  if (!isStaffRole(user.role)) return 'orders';
  return needsSecondFactor(user) ? null : 'staff';
}

function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async () => {
    await dispatch(logout());
    navigate('/');
  };
}

/** The avatar-initial button and its menu: Account Settings and Log out. */
function UserMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const menuId = `${useId()}-menu`;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const signOut = useSignOut();
  const t = useT(shellMessages);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  return (
    <div
      className="wp-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) close(true);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="wp-avatar"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('header.accountMenu', { name: userDisplayName(user) })}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{userInitial(user)}</span>
      </button>
      <ul id={menuId} className="wp-menu__list" hidden={!open}>
        <li className="wp-menu__user" aria-hidden="true">
          <bdi>{user.email}</bdi>
        </li>
        <li>
          <Link className="wp-menu__item" to="/account/profile" onClick={() => close(false)}>
            {t('header.accountSettings')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="wp-menu__item"
            onClick={() => {
              close(false);
              void signOut();
            }}
          >
            {t('header.logOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}

function MobileMenu({ user }: { user: AuthUser | null }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const t = useT(shellMessages);
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  return (
    <div className="wp-header__mobile">
      <button
        type="button"
        className="wp-button wp-button--ghost"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Icon icon={Menu} /> {t('header.menu')}
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('header.menu')}>
        <nav aria-label={t('header.mobileNav')}>
          <ul className="wp-mobile-nav">
            <li>
              <Link className="wp-menu__item" to="/">
                {t('header.home')}
              </Link>
            </li>
            {user && areaOf(user) === 'staff' ? null : (
              <li>
                <Link className="wp-menu__item" to="/help">
                  {t('header.help')}
                </Link>
              </li>
            )}
            {user ? (
              <>
                {/* Staff have the staff area (its own navigation) where travellers have My Orders. */}
                {areaOf(user) === 'staff' ? (
                  <li>
                    <Link className="wp-menu__item" to="/admin">
                      {t('header.staffArea')}
                    </Link>
                  </li>
                ) : areaOf(user) === 'orders' ? (
                  <li>
                    <Link className="wp-menu__item" to="/orders">
                      {t('header.myOrders')}
                    </Link>
                  </li>
                ) : null}
                <li>
                  <Link className="wp-menu__item" to="/account/profile">
                    {t('header.accountSettings')}
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    className="wp-menu__item"
                    onClick={() => {
                      setOpen(false);
                      void signOut();
                    }}
                  >
                    {t('header.logOut')}
                  </button>
                </li>
              </>
            ) : (
              <li>
                <Link className="wp-menu__item" to="/auth/login">
                  {t('header.logIn')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <LanguagePicker id="menu-language" />
      </Drawer>
    </div>
  );
}

export function Header() {
  const { user, isAuthenticated } = useAppSelector(selectAuth);
  const t = useT(shellMessages);
  // Prerendered pages show the signed-out header; the remembered user appears once the page has hydrated.
  const hydrated = useHydrated();
  const signedIn = hydrated && isAuthenticated && user ? user : null;
  const area = signedIn ? areaOf(signedIn) : null;
  const staff = area === 'staff';

  return (
    <header className="wp-header">
      {/* The same container on every page, the staff area's included, so the header lines up with the page. */}
      <div className="wp-container wp-header__inner">
        <Link to="/" className="wp-brand">
          <span className="wp-brand__mark" aria-hidden="true">
            W
          </span>
          Waypoint
        </Link>
        <nav aria-label={t('header.mainNav')} className="wp-nav wp-header__desktop">
          {/* Staff have the staff area instead; everyone else can find help on every page. */}
          {staff ? null : (
            <NavLink className="wp-nav__link" to="/help">
              {t('header.help')}
            </NavLink>
          )}
          {signedIn ? (
            <>
              {area === 'staff' ? (
                <NavLink className="wp-nav__link" to="/admin">
                  {t('header.staffArea')}
                </NavLink>
              ) : area === 'orders' ? (
                <NavLink className="wp-nav__link" to="/orders">
                  {t('header.myOrders')}
                </NavLink>
              ) : null}
              <UserMenu user={signedIn} />
            </>
          ) : (
            <NavLink className="wp-nav__link" to="/auth/login">
              {t('header.logIn')}
            </NavLink>
          )}
          <LanguagePicker id="header-language" compact />
        </nav>
        <MobileMenu user={signedIn} />
      </div>
    </header>
  );
}
