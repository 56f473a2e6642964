import type { OkEnvelope } from '@waypoint/contracts';

/**
 * The success envelope every JSON route answers with, `{ success: true, data }` (errors get theirs from the
 * error handler). The route's response schema checks and strips it on the way out.
 */
export function ok<T>(data: T): OkEnvelope<T> {
  return { success: true, data };
}
