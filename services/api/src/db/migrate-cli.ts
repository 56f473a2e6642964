import { openConfiguredDatabase } from '../boot';
import { loadConfig } from '../config';

/** `npm run db:migrate`: applies pending migrations and the reference data, then exits. */
openConfiguredDatabase(loadConfig())
  .then(async (database) => {
    await database.close();
    process.stdout.write('Database migrated and reference data up to date.\n');
  })
  .catch((err: unknown) => {
    process.stderr.write(`Migration failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
