import { backoffWait, forgiveBackoffFailure, type Backoff } from '../../lib/rate-limit';
import type { BackoffAttempt, CounterStore } from './counters';

/** The counters lib/rate-limit keeps for a back-off, so its waits, forgiving and clearing see these attempts. */
function attemptOf(backoff: Backoff): BackoffAttempt {
  return {
    failuresKey: `${backoff.key}:failures`,
    waitKey: `${backoff.key}:wait`,
    windowSeconds: backoff.windowSeconds,
    after: backoff.after,
    capSeconds: backoff.capSeconds,
  };
}

/**
 * Takes an attempt under every back-off before it is made (a password before it is checked), each in one atomic
 * step, so that parallel attempts cannot all pass a delay that none of them has started yet. Returns 0 when the
 * attempt may go ahead, counted as a failure on every key (to be forgiven or cleared if it succeeds), otherwise
 * the seconds to wait, with nothing left counted.
 */
export async function reserveBackoffAttempt(
  counters: CounterStore,
  backoffs: Backoff[],
): Promise<number> {
  // A delay already running refuses before anything is counted on any key.
  const running = await backoffWait(counters, backoffs);
  if (running > 0) return running;
  const taken: Backoff[] = [];
  for (const backoff of backoffs) {
    const reservation = await counters.reserveAttempt(attemptOf(backoff));
    if (!reservation.reserved) {
      // A parallel attempt started a delay on this key first: this one is not made, so its failure is taken back
      // where it was already counted (a delay it started there stands, erring on the slow side).
      for (const earlier of taken) await forgiveBackoffFailure(counters, earlier.key);
      return Math.max(reservation.waitSeconds, await backoffWait(counters, backoffs));
    }
    taken.push(backoff);
  }
  return 0;
}
