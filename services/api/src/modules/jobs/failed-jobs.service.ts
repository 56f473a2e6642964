import {
  BACKGROUND_JOBS,
  type BackgroundJob,
  type FailedJobsResponse,
  type RetryJobResponse,
} from '@waypoint/contracts';
import type { UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { countFailedJobs, failedJobs, retryFailedJob } from '../../lib/jobs';
import { actorOf, recordAudit } from '../audit/audit.repo';
import { ordersOfDocuments } from './failed-jobs.repo';

const LIST_LIMIT = 100;

/** Background jobs (other than e-mails, listed on their own) that failed every attempt, newest first. */
export async function listFailedJobs({
  ctx,
}: {
  ctx: ServiceContext;
}): Promise<FailedJobsResponse> {
  const [rows, total] = await Promise.all([
    failedJobs(ctx.db, BACKGROUND_JOBS, LIST_LIMIT),
    countFailedJobs(ctx.db, BACKGROUND_JOBS),
  ]);
  // A passport page's job names its document: staff are shown the order it belongs to.
  const documentIds = rows
    .map((r) => r.data.documentId)
    .filter((id): id is string => typeof id === 'string');
  const orderOf = await ordersOfDocuments(ctx.db, documentIds);
  return {
    jobs: rows.map((r) => ({
      id: r.id,
      queue: r.name as BackgroundJob,
      applicationId:
        typeof r.data.documentId === 'string' ? (orderOf.get(r.data.documentId) ?? null) : null,
      attempts: r.retryCount + 1,
      lastError: r.error,
      createdAt: r.createdOn.toISOString(),
      failedAt: r.completedOn?.toISOString() ?? null,
    })),
    total,
  };
}

/** How many background jobs failed every attempt (the staff dashboard's count). */
export function failedJobCount({ ctx }: { ctx: ServiceContext }): Promise<number> {
  return countFailedJobs(ctx.db, BACKGROUND_JOBS);
}

/** Staff run a failed job once more: it goes back in its queue (audited) and this process's worker is woken. */
export async function retryJob({
  ctx,
  input,
  staff,
  caller,
}: {
  ctx: ServiceContext;
  input: { queue: BackgroundJob; id: string };
  staff: UserRow;
  caller: Caller;
}): Promise<RetryJobResponse> {
  const retried = await ctx.db.transaction(async (tx) => {
    const [failed] = await failedJobs(tx, [input.queue], 1, input.id);
    if (!failed || !(await retryFailedJob(tx, input.queue, input.id))) return false;
    await recordAudit(tx, {
      action: 'job.retried',
      actor: actorOf(staff, caller),
      entityId: input.id,
      details: { queue: input.queue, lastError: failed.error },
    });
    return true;
  });
  if (!retried) throw notFound('failedJob.notFound');
  ctx.pokeJobs(input.queue);
  return { id: input.id, status: 'retry' };
}
