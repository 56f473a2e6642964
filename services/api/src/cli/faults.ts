import { killDuringPayment, killDuringWebhook, outageRun } from '../faults/scenarios';

/**
 * Runs the fault scenarios several times against PostgreSQL and prints what happened:
 *   npm run faults -- --outages 10 --kills 15 [--users 20] [--seed 1]
 * DATABASE_URL is the server to create scratch databases on (default postgres://postgres@127.0.0.1:5432/test).
 */
const print = (line = '') => process.stdout.write(`${line}\n`);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const outages = arg('outages', 10);
  const kills = arg('kills', 15);
  const users = arg('users', 20);
  const seed = arg('seed', 1);

  let crashes = 0;
  let unacceptable = 0;
  let requests = 0;
  const recovery: number[] = [];
  const statuses: Record<string, number> = {};
  for (let i = 0; i < outages; i += 1) {
    const r = await outageRun({ adminUrl, users, seed: seed + i });
    crashes += r.crashed ? 1 : 0;
    unacceptable += r.unacceptable;
    requests += r.requests;
    recovery.push(r.recoveryMs.afterTerminations, r.recoveryMs.afterCut);
    for (const [s, n] of Object.entries(r.byStatus)) statuses[s] = (statuses[s] ?? 0) + n;
    print(
      `outage ${i + 1}/${outages}: ${r.requests} requests ${JSON.stringify(r.byStatus)}, ` +
        `${r.terminations} connections terminated, ready while cut ${r.readyWhileCut}, ` +
        `recovered in ${r.recoveryMs.afterTerminations} ms / ${r.recoveryMs.afterCut} ms, ` +
        `${r.unacceptable} unacceptable, ${r.lateFailures} late failures${r.crashed ? ', CRASHED' : ''}`,
    );
  }
  if (outages > 0) {
    recovery.sort((a, b) => a - b);
    print(
      `\noutages: ${outages} runs, ${requests} requests ${JSON.stringify(statuses)}; ` +
        `crashes ${crashes}; 500s and unanswered ${unacceptable}; ` +
        `recovery median ${recovery[Math.floor(recovery.length / 2)]} ms, max ${recovery.at(-1)} ms`,
    );
  }
  let violations = 0;
  if (kills > 0) {
    for (const [name, run] of [
      ['payment', killDuringPayment],
      ['webhook', killDuringWebhook],
    ] as const) {
      const r = await run({ adminUrl, runs: kills, seed });
      violations += r.violations.length;
      print(
        `kill -9 during ${name}: ${r.runs} kills, ${r.charged} charged, ${r.answeredBeforeKill} answered before the kill, ` +
          `${r.completedAfterRestart} completed after restart, ${r.notCharged} never charged, ` +
          `${r.violations.length} violations${r.violations.length ? `: ${r.violations.join('; ')}` : ''}`,
      );
    }
  }
  process.exit(crashes + unacceptable + violations > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
