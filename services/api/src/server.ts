import { bootstrap } from './boot';
import { ConfigError, loadConfig } from './config';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const { app } = await bootstrap(config);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      role: config.role,
      url: config.publicUrl,
      database: config.databaseUrl ? 'postgres' : `pglite (${config.dataDir}/db)`,
      payments: config.payments.provider,
      mail: config.mail.smtpUrl ? 'smtp' : `development mailbox (${config.mail.mailboxDir})`,
    },
    'Waypoint is running',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Waypoint could not start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
