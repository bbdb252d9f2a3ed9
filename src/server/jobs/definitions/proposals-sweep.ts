import { z } from 'zod';
import { PROPOSALS_QUEUE } from '#server/application/proposal-queue';
import type { Database } from '#server/db/client';
import { defineJob, type JobContext } from '../define-job';
import { forgetOldHandovers, notHandedOver } from '../handover';
import { EMAIL_SWEEP_CRON } from './email-sweep';
import { proposalsPrepareJob } from './proposals-prepare';
import { FALLBACK_POLLING_SECONDS } from '../polling';

/** Every 10 minutes: proposals not made whose job gave up (see unqueuedProposalIds) are queued again. */
export const PROPOSALS_SWEEP_QUEUE = 'proposals-sweep';

export const proposalsSweepJob = defineJob({
  name: PROPOSALS_SWEEP_QUEUE,
  queue: { retryLimit: 1, retryDelay: 60 },
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: EMAIL_SWEEP_CRON,
  enabled: (deps) => deps.prepareProposals !== undefined,
  handler: async (_jobs, ctx) => {
    const queued = await sweepProposals(ctx);
    if (queued > 0) ctx.log.info({ queued }, 'proposals without a job queued again');
  },
  atStart: async (ctx) => {
    if (!ctx.deps.prepareProposals) return;
    const queued = await sweepProposals(ctx);
    if (queued > 0) ctx.log.info({ queued }, 'pending proposals queued at start');
  },
});

async function sweepProposals(ctx: JobContext): Promise<number> {
  await forgetOldHandovers(ctx.deps.database.executeSql, PROPOSALS_QUEUE);
  const ids = await unqueuedProposalIds(ctx.deps.database);
  for (const id of ids) await ctx.send(proposalsPrepareJob, { applicationId: id });
  return ids.length;
}

/**
 * Applications past quality control (creditorReview) with an offer on the plan still without its proposal,
 * whose proposals the product did not hand to the queue or whose job gave up (the document store down for
 * long), or that passed quality control before proposals existed. An offer on the plan: of the newest
 * decision, kept by the borrower, not declined, with a balance.
 */
export async function unqueuedProposalIds(database: Database, limit = 500): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select a.id from application a
      where a.status = 'creditorReview'
        and exists (
          select 1 from offer o
           where o.application_id = a.id and o.proposal_s3_key is null and not o.declined_by_borrower
             and o.status is distinct from 'declined' and o.balance > 0
             and o.decision_id = (select d.id from decision d where d.application_id = a.id
                                   order by d.created_at desc limit 1)
        )
        and ${notHandedOver('a.id', 1)}
      order by a.created_at
      limit $2`,
    [PROPOSALS_QUEUE, limit],
  );
  return rows.map((row) => (row as { id: string }).id);
}
