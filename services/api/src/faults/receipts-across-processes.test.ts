import { adminUrl, onPostgres, RESTARTING_SCENARIO_MS } from './on-postgres';
import { receiptsAcrossProcesses } from './scenarios';

/** Three API processes on one PostgreSQL, every order confirmed and completed on all three at once. */
onPostgres('receipt numbers across processes on PostgreSQL', () => {
  it(
    'gives 20 orders paid on three processes at once one payment, e-mail and receipt each, numbered 1 to 20',
    async () => {
      const report = await receiptsAcrossProcesses({ adminUrl, orders: 20, processes: 3 });
      expect(report.violations).toEqual([]);
      expect(report.failedReplies).toBe(0);
      expect(report.receipts).toBe(20);
    },
    RESTARTING_SCENARIO_MS,
  );
});
