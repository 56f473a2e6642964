/**
 * The `<meta name>` of the element in every page that holds the remotes' addresses (the same JSON as
 * `/remotes.json`): the server writes it, the shell reads it, and so saves a round trip before the first remote.
 */
export const REMOTES_META_NAME = 'waypoint-remotes';

/**
 * The router state the account area leaves on its way to the home page after deleting the account, so the home
 * page confirms it (`navigate('/', { state: accountDeletedState })`). Kept here, apart from the zod schemas of
 * personal-data.ts, since the home page's bundle must not carry them.
 */
export const accountDeletedState = { notice: 'account-deleted' } as const;

export function isAccountDeletedState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { notice?: unknown }).notice === accountDeletedState.notice
  );
}
