/**
 * The fault tests run on PostgreSQL only (`DATABASE_URL=… npm test`): each scenario is a file of its own, so jest's
 * workers run them beside the other files while they wait on restarts and leases. `npm run faults` runs more rounds
 * and prints the figures.
 */
export const adminUrl = process.env.DATABASE_URL ?? '';

/** `describe` on PostgreSQL, `describe.skip` on the embedded database. */
export const onPostgres = adminUrl ? describe : describe.skip;

/**
 * How long a scenario that restarts the server process several times may take: each start loads and compiles the
 * API (3–8 s on a busy two-core machine while the other test files run beside it).
 */
export const RESTARTING_SCENARIO_MS = 180_000;
