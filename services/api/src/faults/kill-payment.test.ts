import { adminUrl, onPostgres, RESTARTING_SCENARIO_MS } from './on-postgres';
import { killDuringPayment } from './scenarios';

/** The server process killed -9 while it completes sandbox payments, then restarted. */
onPostgres('kill -9 during payment completion on PostgreSQL', () => {
  it(
    'kill -9 during payment completion: after reconciliation, one paid order, payment and email per charge',
    async () => {
      const report = await killDuringPayment({ adminUrl, runs: 6 });
      expect(report.violations).toEqual([]);
      expect(report.charged).toBeGreaterThan(0);
    },
    RESTARTING_SCENARIO_MS,
  );
});
