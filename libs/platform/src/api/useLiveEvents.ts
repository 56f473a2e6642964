import { useEffect, useRef, useState } from 'react';
import { LIVE_EVENTS_PATH, type LiveEvent } from '@waypoint/contracts';
import { selectAuth, useAppDispatch, useAppSelector } from '@waypoint/platform';
import { api } from '@waypoint/platform/api';

/** How often a page refetches when it cannot keep a live stream open. */
export const POLL_INTERVAL_MS = 30_000;
/** The first wait before opening a failed stream again; it doubles up to the maximum. */
export const RECONNECT_MIN_MS = 2_000;
export const RECONNECT_MAX_MS = 5 * 60_000;

/**
 * The events' schema, downloaded with the schema library when the first event arrives: events are rare (a status
 * changes, a document comes in), and the pages that listen (My orders) draw without zod. A failed download is
 * tried again on the next event.
 */
const loadLiveEventSchema = () =>
  import(/* webpackChunkName: "live-event" */ './liveEventSchema').then(
    (module) => module.LiveEvent,
  );

export interface LiveEventsOptions {
  /** The application the page shows, refetched on every event about it and on each poll. */
  applicationId?: string;
  /** Called with each event the page receives (after its data was marked for refetching). */
  onEvent?: (event: LiveEvent) => void;
}

/**
 * Keeps a signed-in traveller's page up to date without reloading: listens to `GET /api/events` (server-sent
 * events) and, on each event, invalidates the RTK Query tags of what changed (My orders, the application), so
 * the page refetches. When the stream cannot be opened or breaks off (no EventSource, a proxy that refuses it,
 * too many tabs), the page polls every 30 s meanwhile, and opens the stream again later with a growing wait.
 * Everything stops when the page unmounts or the visitor signs out; a signed-out visitor opens nothing.
 * Returns whether the stream is open (a page may poll for something of its own only while it is not).
 */
export function useLiveEvents({ applicationId, onEvent }: LiveEventsOptions = {}): boolean {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectAuth).isAuthenticated;
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!signedIn) return undefined;
    let source: EventSource | null = null;
    let pollTimer: ReturnType<typeof setInterval> | null = null;
    let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
    let failures = 0;
    let stopped = false;

    const refetchAll = () => {
      dispatch(
        api.util.invalidateTags(
          applicationId ? ['Order', { type: 'Application', id: applicationId }] : ['Order'],
        ),
      );
    };
    const startPolling = () => {
      pollTimer ??= setInterval(refetchAll, POLL_INTERVAL_MS);
    };
    const stopPolling = () => {
      if (pollTimer) clearInterval(pollTimer);
      pollTimer = null;
    };

    const apply = (event: LiveEvent) => {
      if (event.type === 'resync') {
        dispatch(api.util.invalidateTags(['Order', 'Application']));
      } else if (event.type === 'status') {
        dispatch(
          api.util.invalidateTags(['Order', { type: 'Application', id: event.applicationId }]),
        );
      } else {
        dispatch(api.util.invalidateTags([{ type: 'Application', id: event.applicationId }]));
      }
      onEventRef.current?.(event);
    };
    // Events are applied one after the other, in the order they came, once the schema is here.
    let applied: Promise<void> = Promise.resolve();
    const handle = (message: MessageEvent<string>) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.data);
      } catch {
        return;
      }
      applied = applied
        .then(() => loadLiveEventSchema())
        .then(
          (schema) => {
            const result = schema.safeParse(parsed);
            if (result.success && !stopped) apply(result.data);
          },
          // Without the schema the event cannot be read: what it was about is fetched afresh.
          () => {
            if (!stopped) refetchAll();
          },
        );
    };

    const connect = () => {
      reconnectTimer = null;
      if (stopped) return;
      if (typeof EventSource === 'undefined') {
        startPolling();
        return;
      }
      const opened = new EventSource(LIVE_EVENTS_PATH, { withCredentials: true });
      source = opened;
      opened.onopen = () => {
        // Whatever changed while the page polled or waited is fetched once, then the stream takes over.
        if (failures > 0 || pollTimer) refetchAll();
        failures = 0;
        stopPolling();
        setLive(true);
      };
      opened.onmessage = handle;
      opened.onerror = () => {
        // The browser retries a dropped stream by itself (readyState CONNECTING); a refused one is CLOSED and
        // opened again here, later and later. Meanwhile the page polls.
        setLive(false);
        startPolling();
        if (opened.readyState !== EventSource.CLOSED) return;
        opened.close();
        source = null;
        const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
        failures += 1;
        reconnectTimer = setTimeout(connect, wait);
      };
    };

    connect();
    return () => {
      stopped = true;
      setLive(false);
      source?.close();
      stopPolling();
      if (reconnectTimer) clearTimeout(reconnectTimer);
    };
  }, [dispatch, signedIn, applicationId]);
  return live;
}
