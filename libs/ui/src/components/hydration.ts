import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates HTML that was rendered at build time, true afterwards (and on every render of a page
 * that was not prerendered). A component whose output depends on what only the browser knows (the signed-in user
 * remembered in localStorage, for instance) renders the build-time version until this turns true, so hydration
 * matches the HTML and React then updates just that component.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
