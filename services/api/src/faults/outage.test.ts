import { adminUrl, onPostgres } from './on-postgres';
import { outageRun } from './scenarios';

/**
 * The server process under database faults, as an operator would see them: its connections to PostgreSQL
 * terminated, then cut, while travellers use it.
 */
onPostgres('database outages on PostgreSQL', () => {
  it('survives terminated and cut database connections under traffic: no crash, no 500, back within 2 s', async () => {
    const report = await outageRun({ adminUrl, users: 20 });
    expect(report.crashed).toBe(false);
    expect(report.terminations).toBeGreaterThan(0);
    // Some calls did meet the faults, and were answered 503 with Retry-After rather than 500.
    expect(report.byStatus['503'] ?? 0).toBeGreaterThan(0);
    expect(report.unacceptable).toBe(0);
    expect(report.readyWhileCut).toBe(503);
    expect(report.lateFailures).toBe(0);
    expect(report.recoveryMs.afterTerminations).toBeLessThanOrEqual(2000);
    expect(report.recoveryMs.afterCut).toBeLessThanOrEqual(2000);
  }, 60_000);
});
