import { ErrorEnvelope, type OkEnvelope } from '@waypoint/contracts';

/**
 * The success envelope every JSON route answers with, `{ success: true, data }` (errors get theirs from the
 * error handler). The route's response schema checks and strips it on the way out.
 */
export function ok<T>(data: T): OkEnvelope<T> {
  return { success: true, data };
}

/**
 * The error replies a route can give, for its response schema: each status answers with the error envelope.
 * `errorResponses(400, 401)` is `{ 400: ErrorEnvelope, 401: ErrorEnvelope }`, keyed by the statuses' own types so
 * the type provider types the replies of each.
 */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorEnvelope> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelope])) as Record<
    S,
    typeof ErrorEnvelope
  >;
}
