/** Builds a JSON reply as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces fetch for one test; returns the mock to inspect calls. */
export function mockFetch(...replies: Array<Response | Error>): jest.Mock {
  const mock = jest.fn(async () => {
    const next = replies.shift();
    if (!next) throw new Error('Unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}
