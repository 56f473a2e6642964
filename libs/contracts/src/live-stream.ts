/**
 * Live status: `GET /api/events` is a stream of server-sent events for the signed-in traveller. Each event's
 * `data` is one `LiveEvent` as JSON, and carries only ids and codes: the page refetches what it shows.
 */
export const LIVE_EVENTS_PATH = '/api/events';

/** Seconds between the stream's heartbeat comments (proxies close connections that stay silent). */
export const LIVE_HEARTBEAT_SECONDS = 25;
