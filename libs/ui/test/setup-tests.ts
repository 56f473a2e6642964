import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom does not scroll; pages call scrollTo after navigating.
window.scrollTo = () => undefined;
