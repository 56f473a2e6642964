/**
 * A runtime plugin of the shell:
 * - hands the shell's own federation runtime to the remotes, which are built without one (`externalRuntime`), so a
 *   page runs one runtime instead of one per area. The same module the shell's runtime uses (its ES module build),
 *   so nothing is bundled twice.
 * - keeps an area's stylesheet from being applied twice. The server links the stylesheet of the area a page belongs
 *   to in its `<head>` (so a page rendered before its scripts paints styled), by its path. The runtime looks for the
 *   sheet by its address as written and, not finding the absolute one, would link it again: one more style
 *   calculation of the whole page while it starts. For a sheet the page already links, it gets a preload of the same
 *   file instead, which completes at once from the cache.
 */
/* global document -- it runs in the page, in the shell's federation runtime */
import * as runtimeCore from '@module-federation/runtime-core';

export default function shareRuntimePlugin() {
  return {
    name: 'waypoint-share-runtime',
    beforeInit(args) {
      globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
    createLink({ url, attrs }) {
      const href = new URL(url, document.baseURI).href;
      if (
        attrs?.rel !== 'stylesheet' ||
        ![...document.querySelectorAll('link[rel=stylesheet]')].some((link) => link.href === href)
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
