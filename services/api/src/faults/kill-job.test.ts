import { killWorkerMidJob } from './job-kill';
import { adminUrl, onPostgres, RESTARTING_SCENARIO_MS } from './on-postgres';

/** A worker process killed -9 in the middle of sending an e-mail, and another taking its jobs over. */
onPostgres('kill -9 of a worker on PostgreSQL', () => {
  it(
    'kill -9 of a worker in the middle of a job: every e-mail is sent, none twice',
    async () => {
      const report = await killWorkerMidJob({ adminUrl, messages: 12 });
      expect(report).toMatchObject({
        queued: 12,
        delivered: 12,
        deliveredTwice: 0,
        lost: 0,
        jobsOpen: 0,
      });
    },
    RESTARTING_SCENARIO_MS,
  );
});
