/**
 * The API as the front ends' tests meet it: one Mock Service Worker server (`msw/node`) per test file intercepts
 * the requests the code under test makes with fetch, so RTK Query, the auth thunks and the pages run unchanged.
 * `msw-setup.ts` starts it before the tests and takes each test's handlers away after it.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

/** A JSON reply: its status (200 when not given) and body. */
export interface Reply {
  status?: number;
  body: unknown;
  /** Headers of a reply that is a file (`body` a string of its bytes) rather than JSON. */
  fileHeaders?: Record<string, string>;
}

/** A reply as the API sends it: JSON with the status, or a file with its headers. */
export function replyWith({ status = 200, body, fileHeaders }: Reply): Response {
  if (fileHeaders) return new HttpResponse(String(body), { status, headers: fileHeaders });
  return HttpResponse.json(body as never, { status });
}

/** The 404 envelope the API answers for a path it does not know. */
export const NOT_FOUND: Reply = {
  status: 404,
  body: { success: false, error: 'Not found', code: 'NOT_FOUND', requestId: 'test' },
};

const ROUTE = /^(?:(GET|POST|PUT|PATCH|DELETE) )?(\/[\w./-]*)$/;

/**
 * One handler per route, keyed 'METHOD /api/path' (or '/api/path' for any method); the query string does not take
 * part in the match. Every other request gets `fallback`. The handlers replace those of the test so far.
 */
export function answerRoutes(
  routes: Record<string, (request: Request) => Response | Promise<Response>>,
  fallback: (request: Request) => Response | Promise<Response>,
): void {
  const handlers: HttpHandler[] = Object.entries(routes).map(([key, answer]) => {
    const match = ROUTE.exec(key);
    if (!match) throw new Error(`A route is 'METHOD /path' without a query: ${key}`);
    const [, method, path = ''] = match;
    const on = method ? http[method.toLowerCase() as 'get'] : http.all;
    return on(path, ({ request }) => answer(request));
  });
  server.resetHandlers(
    ...handlers,
    http.all('*', ({ request }) => fallback(request)),
  );
}

/** A network failure: fetch rejects, as when the server cannot be reached. */
export function networkError(): Response {
  return HttpResponse.error();
}
