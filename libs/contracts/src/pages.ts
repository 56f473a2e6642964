/**
 * The `<meta name>` of the element in every page that holds the remotes' addresses (the same JSON as
 * `/remotes.json`): the server writes it, the shell reads it, and so saves a round trip before the first remote.
 */
export const REMOTES_META_NAME = 'waypoint-remotes';

/**
 * The `id` of the JSON element (`<script type="application/json">`, data the browser never runs) in which a staff
 * page sent to a signed-in member of staff carries them, as the profile reply describes them. The server writes it
 * only for that session; the shell starts from it, so the page's prerendered frame hydrates without first asking
 * who is signed in.
 */
export const SIGNED_IN_USER_ID = 'waypoint-signed-in';

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
