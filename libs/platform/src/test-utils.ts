import { http } from 'msw';
import { networkError, server } from '../test/api-server';

/** Builds a JSON reply as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Answers the next requests of a test, whatever they ask, with these replies in order; an Error stands for a
 * network failure (fetch rejects), and so does a request after the last reply. Returns the requests made.
 */
export function answerRequests(...replies: Array<Response | Error>): Request[] {
  const requests: Request[] = [];
  server.resetHandlers(
    http.all('*', ({ request }) => {
      requests.push(request.clone());
      const next = replies.shift();
      return !next || next instanceof Error ? networkError() : next;
    }),
  );
  return requests;
}
