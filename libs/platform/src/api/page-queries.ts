import { PAGE_QUERIES_ID, type PageQueries } from '@waypoint/contracts';

/**
 * The data this page was rendered with on the server, for its user ({@link PAGE_QUERIES_ID}); empty when it
 * carries none. Read once: the element leaves the page, so the user's data stays only in the store, which forgets
 * it when they sign out.
 */
export function queriesInPage(): PageQueries {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_QUERIES_ID);
  if (!element) return {};
  element.remove();
  try {
    const value = JSON.parse(element.textContent ?? '') as unknown;
    return typeof value === 'object' && value !== null ? (value as PageQueries) : {};
  } catch {
    return {};
  }
}
