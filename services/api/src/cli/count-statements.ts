import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Preloaded by `bench:scale` into the processes it starts (`NODE_OPTIONS=--require …/count-statements.js`), never
 * by the portal itself: counts the statements each process sends to PostgreSQL through `pg` (Drizzle, the job
 * queue and the event listener all use it), and writes the count to `STATEMENT_COUNT_DIR/<pid>` when it gets
 * SIGUSR2 (the bench sends it before it reads), once a second (a process killed with SIGKILL keeps the count it
 * had up to a second before) and on exit, so the bench can tell statements per order where PostgreSQL's
 * pg_stat_statements is not loaded.
 */
const dir = process.env.STATEMENT_COUNT_DIR;
if (dir) {
  const counts = { statements: 0, transactionControl: 0 };
  const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i;
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    const config = args[0];
    const text =
      typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
    counts.statements += 1;
    if (typeof text === 'string' && TRANSACTION_CONTROL.test(text)) counts.transactionControl += 1;
    return query.apply(this, args);
  };
  const file = path.join(dir, String(process.pid));
  const write = () => fs.writeFileSync(file, JSON.stringify(counts));
  setInterval(write, 1000).unref();
  process.on('SIGUSR2', write);
  process.on('exit', write);
}
