import { REMOTES_META_NAME } from '@waypoint/contracts';
import { RemoteLoadError, type RemoteName } from '@waypoint/platform';
import { currentLocale, loadLocale } from '@waypoint/ui';
import { jsonInMeta } from './meta';
import { REMOTE_MOUNTS } from './mounts';
import { replaceDocument } from './navigation';
import { nextTask } from './tasks';

/** Where the shell learns, at run time, where the travellers' remotes are deployed. */
export const REMOTES_MANIFEST_URL = '/remotes.json';

/** Where a signed-in member of staff learns where the staff area is deployed (nobody else is told). */
export const STAFF_REMOTE_URL = '/api/admin/remote';

type RemoteEntries = Partial<Record<RemoteName, string>>;

/** The page names the travellers' areas; a staff area page sent to staff names the staff area too. */
const REMOTE_NAMES: RemoteName[] = ['apply', 'account', 'admin'];

/**
 * Whether this document was sent as a page of the staff area, read before the router changes the address: only
 * those pages' Content-Security-Policy allows the staff area's origin.
 */
const sentAsStaffPage = (() => {
  const mount = window.location.pathname.split('/')[1] ?? '';
  return (
    Object.hasOwn(REMOTE_MOUNTS, mount) &&
    (REMOTE_MOUNTS as Record<string, RemoteName>)[mount] === 'admin'
  );
})();

let entries: Promise<RemoteEntries> | null = null;
const registered = new Set<RemoteName>();
const failed = new Set<RemoteName>();

/** A JSON document of this origin, asked afresh. */
async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

async function fetchEntries(): Promise<RemoteEntries> {
  const body = (jsonInMeta(REMOTES_META_NAME) ?? (await getJson(REMOTES_MANIFEST_URL))) as Record<
    string,
    unknown
  > | null;
  const result: RemoteEntries = {};
  for (const name of REMOTE_NAMES) {
    const entry = body?.[name];
    if (typeof entry === 'string' && entry !== '') result[name] = entry;
  }
  return result;
}

function remoteEntries(): Promise<RemoteEntries> {
  if (!entries) {
    entries = fetchEntries().catch((error: unknown) => {
      entries = null; // the next attempt asks again
      throw error;
    });
  }
  return entries;
}

/** The staff area's address, asked of the API (it answers only to staff). */
async function staffEntry(): Promise<string | undefined> {
  return ((await getJson(STAFF_REMOTE_URL)) as { data?: { entry?: string } } | null)?.data?.entry;
}

/** The package every area calls the API through (RTK Query and the portal's API slice). */
const AREA_API = '@waypoint/platform/api';

/** Whichever version of a shared package the page's areas provide (they are released with matching versions). */
const ANY_VERSION = { singleton: true, requiredVersion: false } as const;

/**
 * Loads a remote's `./routes` module through the Module Federation runtime, from the URL `/remotes.json` gives
 * for it (the staff area's from the API, for staff only). After a failure the remote is registered again (clearing
 * the runtime's caches for it), so a retry downloads it afresh without reloading the page.
 */
export async function loadRemoteRoutes(name: RemoteName): Promise<unknown> {
  // The federation runtime's work (registering the area, reading its manifest) in a task of its own.
  await nextTask();
  const entry =
    (await remoteEntries())[name] ?? (name === 'admin' ? await staffEntry() : undefined);
  if (!entry) throw new RemoteLoadError(name, `No address is configured for the ${name} area`);
  if (
    name === 'admin' &&
    !sentAsStaffPage &&
    new URL(entry, window.location.href).origin !== window.location.origin
  ) {
    // A member of staff who went to the staff area from another page (after signing in): that page's policy
    // refuses the staff area's origin, so the staff page is asked for, with its own policy.
    replaceDocument(window.location.href);
    return new Promise<never>(() => undefined);
  }

  // The runtime downloads with the first area a page needs: the shell's own pages never pay for it.
  const { startFederation, registerRemotes, loadRemote, loadShare } = await import('./federation');
  await startFederation();
  if (!registered.has(name) || failed.has(name)) {
    registerRemotes([{ name, entry }], { force: failed.has(name) });
    registered.add(name);
    failed.delete(name);
  }

  try {
    // The area's files are downloaded first, then its code is evaluated in two tasks: RTK Query and the portal's
    // API slice (shared, and provided by the area's build), then the area's own code, which finds them loaded.
    const routes = await loadRemote<() => unknown>(`${name}/routes`, {
      loadFactory: false,
      from: 'runtime',
    });
    if (!routes) throw new RemoteLoadError(name, `The ${name} area could not be loaded`);
    await nextTask();
    const api = await loadShare(AREA_API, { customShareInfo: { shareConfig: ANY_VERSION } });
    if (api) {
      api();
      await nextTask();
    }
    const module = routes();
    if (!module) throw new RemoteLoadError(name, `The ${name} area could not be loaded`);
    // The area's messages in the page's language come with it, so its pages never wait for them mid-render (a
    // catalog that fails to download is asked for again when a page needs it).
    await loadLocale(currentLocale()).catch(() => undefined);
    return module;
  } catch (error) {
    failed.add(name);
    throw error;
  }
}
