/**
 * The Module Federation runtime, which only pages drawn by an area need. The shell's own pages (home, terms,
 * privacy, help) never load it: the shell's build bundles its shared packages as plain modules, and this module,
 * downloaded when an area is first needed, hands the loaded copies to the areas (see shared.ts).
 */
import { init, loadRemote, loadShare, registerRemotes } from '@module-federation/enhanced/runtime';
import { shellRuntimePlugin } from './runtimePlugin';
import { sharedPackages } from './shared';

let started: Promise<void> | null = null;

/** Starts the page's federation runtime, once: the shell as host, its shared packages, its runtime plugin. */
export function startFederation(): Promise<void> {
  started ??= sharedPackages().then((shared) => {
    init({ name: 'shell', remotes: [], shared, plugins: [shellRuntimePlugin()] });
  });
  return started;
}

export { loadRemote, loadShare, registerRemotes };
