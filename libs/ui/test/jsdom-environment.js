/**
 * jsdom as the browser, plus the WHATWG classes jsdom does not implement (fetch, Request, Response, Headers,
 * AbortController, streams, BroadcastChannel, ...). They come from Node itself, so RTK Query's fetchBaseQuery runs
 * unchanged in tests and Mock Service Worker (`msw/node`) can intercept its requests; relative URLs resolve against
 * the page address as in a browser.
 *
 * Packages are resolved as Node resolves them (the `node` export condition, not `browser`): the code runs in Node,
 * and `msw/node` has no browser build. The front ends' own dependencies resolve to the same files either way.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'TextEncoderStream',
  'TextDecoderStream',
  'BroadcastChannel',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(...args) {
    super(...args);
    this.customExportConditions = ['node', 'node-addons'];
    for (const key of FROM_NODE) this.global[key] = globalThis[key];

    // Like a browser, resolve relative URLs against the page's address.
    const page = this.global;
    const absolute = (input) =>
      typeof input === 'string' || input instanceof URL
        ? new URL(String(input), page.location.href)
        : input;
    class PageRequest extends Request {
      constructor(input, init) {
        super(absolute(input), init);
      }
    }
    page.Request = PageRequest;
    page.fetch = (input, init) => fetch(absolute(input), init);
  }
}

module.exports = JsdomWithFetchEnvironment;
