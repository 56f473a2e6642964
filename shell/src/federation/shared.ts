/**
 * The shared packages the shell provides to the areas: its own copies, already loaded with the page, so every area
 * runs on the same React, store, router and design system. Their versions and sharing rules are those of every
 * front end's build (`SHARED_SINGLETONS` in `libs/platform/webpack/create-config.cjs`), which hands them to the
 * shell's build as WAYPOINT_SHARED_PACKAGES.
 *
 * Only the packages the shell itself uses are here; the rest of the shared list (RTK Query, the API slice, …) is
 * provided by the first area that loads it.
 */
import type { init } from '@module-federation/enhanced/runtime';
type SharedOption = NonNullable<Parameters<typeof init>[0]['shared']>;

/** The build's sharing rules for one package (see `sharedConfig` in create-config.cjs). */
export interface SharedPackage {
  version: string;
  requiredVersion: string;
  singleton: boolean;
  strictVersion?: boolean;
}

declare global {
  /** Every shared package's version and rules, written into the shell's build by create-config.cjs. */
  const WAYPOINT_SHARED_PACKAGES: Record<string, SharedPackage>;
}

/**
 * Each package as the shell has it, already loaded with the page (the imports find it in place). Imported whole, so
 * each module's own exports object is what the areas get.
 */
const MODULES: Record<string, () => Promise<object>> = {
  react: () => import('react'),
  'react/jsx-runtime': () => import('react/jsx-runtime'),
  'react-dom': () => import('react-dom'),
  'react-dom/client': () => import('react-dom/client'),
  '@reduxjs/toolkit': () => import('@reduxjs/toolkit'),
  immer: () => import('immer'),
  reselect: () => import('reselect'),
  '@waypoint/platform': () => import('@waypoint/platform'),
  '@waypoint/ui': () => import('@waypoint/ui'),
};

/** The `shared` option of the shell's federation runtime: the shell's copies, in use on the page already. */
export async function sharedPackages(): Promise<SharedOption> {
  const shared: SharedOption = {};
  for (const [name, load] of Object.entries(MODULES)) {
    const rules = WAYPOINT_SHARED_PACKAGES[name];
    if (!rules) throw new Error(`The build does not share ${name}`);
    const { version, ...shareConfig } = rules;
    const module = await load();
    shared[name] = { version, scope: 'default', shareConfig, lib: () => module };
  }
  return shared;
}
