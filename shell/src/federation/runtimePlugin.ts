/**
 * The shell's plugin for its federation runtime:
 * - hands the runtime's core to the remotes, which are built without one (`externalRuntime`), so a page runs one
 *   runtime instead of one per area. The same module the shell's runtime uses (its ES module build), so nothing is
 *   bundled twice.
 * - keeps an area's stylesheet from being applied twice. The server links the stylesheet of the area a page belongs
 *   to in its `<head>` (so a page rendered before its scripts paints styled), by its path. The runtime looks for the
 *   sheet by its address as written and, not finding the absolute one, would link it again: one more style
 *   calculation of the whole page while it starts. For a sheet the page already links, it gets a preload of the same
 *   file instead, which completes at once from the cache.
 * - starts an area in tasks of its own: its entry's evaluation, the start of its container (the negotiation of the
 *   shared packages) and the request for its module (which starts the download of its files) each run in a task,
 *   with the page free to answer in between, rather than in one task that a phone would feel as a freeze.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import { nextTask } from '../tasks';

/** Where a remote built with `externalRuntime` looks for the runtime's core. */
const globalWithRuntime = globalThis as typeof globalThis & { _FEDERATION_RUNTIME_CORE?: unknown };

export function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'waypoint-share-runtime',
    beforeInit(args) {
      globalWithRuntime._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
    async beforeInitContainer(args) {
      await nextTask();
      return args;
    },
    async beforeGetExpose() {
      await nextTask();
    },
    createLink({ url, attrs }) {
      const href = new URL(url, document.baseURI).href;
      if (
        attrs?.rel !== 'stylesheet' ||
        ![...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].some(
          (link) => link.href === href,
        )
      )
        return undefined;
      const preload = document.createElement('link');
      preload.rel = 'preload';
      preload.as = 'style';
      preload.href = href;
      return preload;
    },
  };
}
