import * as platform from '@waypoint/platform';
import * as react from 'react';
import { sharedPackages } from './shared';

describe('the packages the shell hands to the areas', () => {
  it("gives each one the build's version and rules, and the very copy the shell runs", async () => {
    const shared = await sharedPackages();
    expect(Object.keys(shared).sort()).toEqual([
      '@reduxjs/toolkit',
      '@waypoint/platform',
      '@waypoint/ui',
      'immer',
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'reselect',
    ]);
    const platformShare = shared['@waypoint/platform'] as { lib: () => unknown };
    expect(platformShare).toMatchObject({
      version: WAYPOINT_SHARED_PACKAGES['@waypoint/platform']?.version,
      scope: 'default',
      // A remote built for another major version of the portal's own libraries refuses the shell's copy.
      shareConfig: { singleton: true, strictVersion: true },
    });
    expect(platformShare.lib()).toBe(platform);
    const reactShare = shared.react as { lib: () => { useState: unknown } };
    expect(reactShare.lib().useState).toBe(react.useState);
  });
});
