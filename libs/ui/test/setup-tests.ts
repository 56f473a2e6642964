import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// A page that loads on first use and then asks the API can take more than the default second to appear on a busy
// shared machine; `findBy…` and `waitFor` wait up to five seconds (each test still has the preset's 20 s).
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll; pages call scrollTo after navigating.
window.scrollTo = () => undefined;
