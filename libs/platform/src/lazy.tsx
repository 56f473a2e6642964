import { use, type ComponentType } from 'react';
import { currentLocale, loadLocale } from '@waypoint/ui';

/**
 * A promise React's `use` reads at once when it has settled (its documented `status`, `value` and `reason`
 * fields): `use` returns the value, or throws the reason to the nearest error boundary.
 */
type TrackedPromise<T> = Promise<T> & {
  status?: 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

/** Marks a promise with its outcome when it settles, so `use` does not suspend on it once it has. */
export function trackPromise<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as TrackedPromise<T>;
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return promise;
}

export type LazyComponent = ComponentType & {
  /** Starts the download; the page renders without suspending once it has finished. */
  preload: () => Promise<ComponentType>;
  /** Forgets a failed download, so the next render downloads again (call it from a Try again button). */
  retry: () => void;
};

/**
 * A component downloaded on first use, like `React.lazy`, but one that can be downloaded ahead (`preload`): a
 * page whose HTML was rendered at build time loads its code first and then hydrates without suspending, so React
 * keeps the HTML instead of showing a loading state in its place. Render it inside a Suspense boundary and an
 * error boundary: while it downloads it suspends, and a failed download throws until `retry` is called.
 */
export function lazyComponent(load: () => Promise<ComponentType>): LazyComponent {
  let pending: Promise<ComponentType> | null = null;
  let failed = false;
  const preload = () => {
    if (!pending) {
      failed = false;
      // A part's messages in the page's language arrive with its code (see loadLocale).
      pending = trackPromise(
        load().then(async (component) => {
          await loadLocale(currentLocale()).catch(() => undefined);
          return component;
        }),
      );
      pending.catch(() => {
        failed = true;
      });
    }
    return pending;
  };
  const retry = () => {
    if (failed) pending = null;
  };
  function Lazy() {
    const Loaded = use(preload());
    return <Loaded />;
  }
  return Object.assign(Lazy, { preload, retry });
}
