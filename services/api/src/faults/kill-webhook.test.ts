import { adminUrl, onPostgres, RESTARTING_SCENARIO_MS } from './on-postgres';
import { killDuringWebhook } from './scenarios';

/** The server process killed -9 while it handles Stripe's webhooks, then the events delivered again. */
onPostgres('kill -9 during a webhook on PostgreSQL', () => {
  it(
    'kill -9 during a webhook: the event is recorded with its order or not at all, and the redelivery completes it once',
    async () => {
      const report = await killDuringWebhook({ adminUrl, runs: 6 });
      expect(report.violations).toEqual([]);
      expect(report.charged).toBe(7);
    },
    RESTARTING_SCENARIO_MS,
  );
});
