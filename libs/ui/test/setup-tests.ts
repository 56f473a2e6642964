import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import * as React from 'react';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// A page that loads on first use and then asks the API can take more than the default second to appear on a busy
// shared machine; `findBy…` and `waitFor` wait up to five seconds (each test still has the preset's 20 s).
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll; pages call scrollTo after navigating.
window.scrollTo = () => undefined;

// React's development build records a call stack for every element it creates (an Error with ten frames, for the
// owner stacks of its warnings), up to 10,000 per second of rendering: 9% of mf-apply's suite's CPU, whose forms draw
// long lists of options.
// The tests read no owner stack, so React is told it has already recorded its quota: it then gives every element
// the one stack it keeps for an unknown owner, and its warnings still print, without the component trail.
const reactInternals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.MAX_SAFE_INTEGER,
    set: () => undefined,
  });
}
