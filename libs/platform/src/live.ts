/**
 * `@waypoint/platform/live`: what the pages that follow an order use (My orders, the pages after payment): the live
 * status stream, the order's timeline and the announcement of a change. An entry (and shared module) of its own, so
 * the wizard and the sign-in pages do not download it. Its modules reach the API slice and the shared messages
 * through their package names, so they use the page's single instances.
 */
export { useLiveEvents, POLL_INTERVAL_MS, type LiveEventsOptions } from './api/useLiveEvents';
export { OrderTimeline } from './i18n/OrderTimeline';
export { LiveStatusAnnouncer } from './i18n/LiveAnnouncer';
