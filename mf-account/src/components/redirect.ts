import { safeRedirectTarget, useSearchParams } from '@waypoint/platform';

/**
 * Where to go once signed in: the same-site path the guards remembered in `?redirect=` (see `loginRedirectPath`),
 * or home.
 */
export function useRedirectTarget(fallback = '/'): string {
  const [params] = useSearchParams();
  const remembered = params.get('redirect');
  return remembered ? safeRedirectTarget(remembered) : fallback;
}

/** `path`, carrying the remembered path along when there is one. */
export function withRedirect(path: string, target: string): string {
  return target === '/' ? path : `${path}?redirect=${encodeURIComponent(target)}`;
}
