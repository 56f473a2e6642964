/**
 * A runtime plugin of the shell: hands the shell's own federation runtime to the remotes, which are built without
 * one (`externalRuntime`), so a page runs one runtime instead of one per area. The same module the shell's runtime
 * uses (its ES module build), so nothing is bundled twice.
 */
import * as runtimeCore from '@module-federation/runtime-core';

export default function shareRuntimePlugin() {
  return {
    name: 'waypoint-share-runtime',
    beforeInit(args) {
      globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}
