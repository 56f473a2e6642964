import type { PageQueries } from '@waypoint/contracts';
import { trackPromise } from '../lazy';
import type { RouteObject } from '../router';
import type { AppDispatch } from '../store';

/** The areas the shell loads at run time, and the Module Federation container name of each. */
export type RemoteName = 'apply' | 'account' | 'admin';

/**
 * What every remote exposes as `./routes`: its route objects, grouped by the top-level path of the shell they
 * mount under (paths inside a group are relative to it, e.g. `login` under `auth`).
 */
export interface RemoteRoutesModule {
  mounts: Record<string, RouteObject[]>;
  /**
   * Puts into the store the data a page rendered on the server for its user carries (in the browser, read from
   * the page; on the server, given), before that page first renders, so the render matches the HTML.
   */
  fromPage?: (dispatch: AppDispatch, queries?: PageQueries) => void;
}

/** Fetches a remote's `./routes` module (the shell uses the Module Federation runtime). */
export type RemoteModuleLoader = (name: RemoteName) => Promise<unknown>;

export interface RemoteRegistry {
  /** The remote's routes; the same promise until it fails and {@link RemoteRegistry.retry} is called. */
  load(name: RemoteName): Promise<RemoteRoutesModule>;
  /** Forgets a failed or broken load so the next render downloads the remote again (no page reload). */
  retry(name: RemoteName): void;
  /** Where load and render failures of a remote are reported. */
  report(error: unknown, name: RemoteName): void;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteLoadError';
  }
}

/**
 * A remote built for another major version of a contract package (`@waypoint/platform`, `@waypoint/ui`) than the
 * shell provides. Module Federation refuses to hand it the shell's copy (the shared configuration is strict for
 * these), so the area shows its "being updated" message instead of running on the wrong copy; the message names
 * both versions for the log.
 */
export class RemoteVersionError extends RemoteLoadError {
  constructor(
    remote: RemoteName,
    readonly packageName: string,
    readonly required: string,
    readonly provided: string,
    options?: { cause?: unknown },
  ) {
    super(
      remote,
      `The ${remote} area needs ${packageName} ${required}, but the portal provides ${provided}`,
      options,
    );
    this.name = 'RemoteVersionError';
  }
}

// Module Federation's words when a strict singleton does not satisfy a consumer's range.
const VERSION_CONFLICT =
  /Version (\S+) from .*? of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\s]+)/;

/** The remote's load failure, as a {@link RemoteVersionError} when it was a version conflict. */
export function remoteLoadFailure(remote: RemoteName, error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  const conflict = VERSION_CONFLICT.exec(message);
  if (!conflict) return error;
  const [, provided = '', packageName = '', required = ''] = conflict;
  return new RemoteVersionError(remote, packageName, required, provided, { cause: error });
}

export function isRemoteRoutesModule(value: unknown): value is RemoteRoutesModule {
  if (typeof value !== 'object' || value === null || !('mounts' in value)) return false;
  const { mounts } = value as { mounts: unknown };
  return (
    typeof mounts === 'object' &&
    mounts !== null &&
    Object.values(mounts).every((routes) => Array.isArray(routes))
  );
}

export interface RemoteRegistryOptions {
  load: RemoteModuleLoader;
  onError?: (error: unknown, name: RemoteName) => void;
}

export function createRemoteRegistry({ load, onError }: RemoteRegistryOptions): RemoteRegistry {
  const loads = new Map<RemoteName, Promise<RemoteRoutesModule>>();

  return {
    load(name) {
      let pending = loads.get(name);
      if (!pending) {
        // Tracked, so a page that waited for its remote before hydrating renders it without suspending.
        pending = trackPromise(
          Promise.resolve()
            .then(() => load(name))
            .catch((error: unknown) => {
              throw remoteLoadFailure(name, error);
            })
            .then((module) => {
              if (!isRemoteRoutesModule(module)) {
                throw new RemoteLoadError(name, `The ${name} area did not provide its routes`);
              }
              return module;
            }),
        );
        loads.set(name, pending);
      }
      return pending;
    },
    retry(name) {
      loads.delete(name);
    },
    report(error, name) {
      onError?.(error, name);
    },
  };
}
