/**
 * The fault tests run on PostgreSQL only (`DATABASE_URL=… npm test`): each scenario is a file of its own, so jest's
 * workers run them beside the other files while they wait on restarts and leases. `npm run faults` runs more rounds
 * and prints the figures.
 */
export const adminUrl = process.env.DATABASE_URL ?? '';

/** `describe` on PostgreSQL, `describe.skip` on the embedded database. */
export const onPostgres = adminUrl ? describe : describe.skip;
