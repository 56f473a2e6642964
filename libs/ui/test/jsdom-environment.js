/**
 * jsdom as the browser, plus the WHATWG fetch classes jsdom does not implement (fetch, Request, Response, Headers,
 * AbortController, ...). They come from Node itself, so RTK Query's fetchBaseQuery runs unchanged in tests;
 * relative URLs resolve against the page address as in a browser.
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
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(...args) {
    super(...args);
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
