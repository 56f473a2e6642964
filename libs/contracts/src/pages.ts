/**
 * The `<meta name>` of the element in every page that holds the remotes' addresses (the same JSON as
 * `/remotes.json`): the server writes it, the shell reads it, and so saves a round trip before the first remote.
 */
export const REMOTES_META_NAME = 'waypoint-remotes';
