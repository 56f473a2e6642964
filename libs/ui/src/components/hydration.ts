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

/** How to write dates and times for the reader: see useReaderClock. */
export interface ReaderClock {
  /** The time zone to format in: undefined for the reader's own, `UTC` until the page has hydrated. */
  timeZone: 'UTC' | undefined;
  /** The class of the element holding such a date until the page has hydrated (it keeps its place, hidden). */
  className: string | undefined;
}

const READERS_OWN: ReaderClock = { timeZone: undefined, className: undefined };
const UNTIL_HYDRATED: ReaderClock = { timeZone: 'UTC', className: 'wp-until-hydrated' };

/**
 * Dates and times on the reader's own calendar and clock, which HTML rendered on the server (My orders) cannot
 * know: once the page has hydrated, in the reader's time zone; until then (on the server, and in the browser's
 * first render, which must match it) in UTC, in an element with `className`, which holds the text's place but
 * hides it, so nothing moves and no wrong day shows when the reader's own appears.
 */
export function useReaderClock(): ReaderClock {
  return useHydrated() ? READERS_OWN : UNTIL_HYDRATED;
}
