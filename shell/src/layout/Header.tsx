import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
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
import { BrandName } from './BrandName';
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

/** The links of the mobile menu, the same in the menu the browser opens before the page's script runs and after. */
function MobileMenuLinks({ user, onSignOut }: { user: AuthUser | null; onSignOut: () => void }) {
  const t = useT(shellMessages);
  return (
    <>
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
                <button type="button" className="wp-menu__item" onClick={onSignOut}>
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
    </>
  );
}

/** The element of the menu the browser opens before the page's script runs. */
const EARLY_MENU_ID = 'wp-mobile-menu';

/** True when the menu the browser opens by itself is open (false where the browser has no popovers). */
function isPopoverOpen(element: HTMLElement | null): boolean {
  try {
    return element?.matches(':popover-open') ?? false;
  } catch {
    return false;
  }
}

/**
 * The menu of small screens. Until the page has hydrated it is a popover that the browser opens, closes (Escape, a
 * tap beside it, its close button) and follows the links of by itself, so a tap works from the first paint and
 * without JavaScript; then it is the drawer (focus kept inside, closed on navigation), looking the same. A menu
 * opened before then stays open as the drawer.
 */
function MobileMenu({ user }: { user: AuthUser | null }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const early = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = `${useId()}-title`;
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const t = useT(shellMessages);
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  // Runs as the page hydrates, while the browser's menu is still there: one already open carries on as the drawer.
  useLayoutEffect(() => {
    if (!hydrated && isPopoverOpen(early.current)) setOpen(true);
  }, [hydrated]);

  const menuButton = (
    <button
      ref={buttonRef}
      type="button"
      className="wp-button wp-button--ghost"
      aria-haspopup="dialog"
      {...(hydrated ? { onClick: () => setOpen(true) } : { popoverTarget: EARLY_MENU_ID })}
    >
      <Icon icon={Menu} /> {t('header.menu')}
    </button>
  );

  if (!hydrated) {
    return (
      <div className="wp-header__mobile">
        {menuButton}
        <div
          ref={early}
          id={EARLY_MENU_ID}
          popover="auto"
          className="wp-modal__panel wp-popover-drawer"
          role="dialog"
          aria-labelledby={titleId}
        >
          <div className="wp-modal__header">
            <h2 id={titleId} className="wp-modal__title">
              {t('header.menu')}
            </h2>
            <button
              type="button"
              className="wp-icon-button"
              popoverTarget={EARLY_MENU_ID}
              popoverTargetAction="hide"
              aria-label={t('header.closeMenu')}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="wp-modal__body">
            <MobileMenuLinks user={user} onSignOut={() => undefined} />
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="wp-header__mobile">
      {menuButton}
      <Drawer
        open={open}
        onClose={() => {
          setOpen(false);
          // Also when the menu was opened before the page hydrated, and so by another button.
          buttonRef.current?.focus();
        }}
        title={t('header.menu')}
      >
        <MobileMenuLinks
          user={user}
          onSignOut={() => {
            setOpen(false);
            void signOut();
          }}
        />
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
          <BrandName />
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
