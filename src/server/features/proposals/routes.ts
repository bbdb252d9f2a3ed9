import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import {
  markMailedSchema,
  markMailedViewSchema,
  overdueProposalsQuerySchema,
  overdueProposalsViewSchema,
  proposalBatchDayParams,
  proposalBatchViewSchema,
} from '#domain/validation/proposals';
import { proposalBatchFileName } from '#domain/enrollment/proposal-batch';
import { markProposalsMailed } from './mark-mailed';
import { produceProposalBatch, proposalBatchForStaff } from './proposal-batch';
import { proposalForStaff } from './prepare-proposals';
import { overdueProposals } from './overdue-proposals';
import type { ProposalsDeps } from './deps';

const staffOnly = { role: 'staff' } as const;
const tags = ['staff'];
const params = z.object({ id: z.uuid({ error: 'invalid' }), offerId: z.uuid({ error: 'invalid' }) });

export const NO_PROPOSAL_MESSAGE = 'This offer has no proposal.';
export const NO_BATCH_MESSAGE = 'No batch file was made that day.';

/** The proposals to creditors, as staff read them. */
export const proposalRoutes: FastifyPluginAsyncZod<ProposalsDeps> = async (
  app,
  { openUnit, dayOf, documents },
) => {
  app.get(
    '/api/staff/proposals',
    {
      config: staffOnly,
      schema: {
        tags,
        querystring: overdueProposalsQuerySchema,
        response: { 200: overdueProposalsViewSchema },
      },
    },
    async (request) =>
      openUnit((unit) =>
        overdueProposals(unit, { ...request.query, now: new Date(), agencyDay: unit.today }),
      ),
  );

  // The agency day's batch file of electronic proposals: made once a day (the first call makes it and marks its
  // proposals sent; later calls that day answer the same file), then downloaded below.
  app.post(
    '/api/staff/proposals/batch',
    { config: staffOnly, schema: { tags, response: { 200: proposalBatchViewSchema } } },
    async (request) => {
      const viewer = (await request.viewer())!;
      const batch = await openUnit((unit) =>
        produceProposalBatch(unit, { agencyDay: unit.today, dayOf, actorId: viewer.userId }),
      );
      request.log.info(
        { agencyDay: batch.agencyDay, proposals: batch.proposalCount, created: batch.created },
        'proposal batch file',
      );
      return {
        agencyDay: batch.agencyDay,
        proposalCount: batch.proposalCount,
        createdAt: batch.createdAt.toISOString(),
        created: batch.created,
        fileName: proposalBatchFileName(batch.agencyDay),
      };
    },
  );

  app.get(
    '/api/staff/proposals/batch/:day',
    { config: staffOnly, schema: { tags, params: proposalBatchDayParams } },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      const batch = await openUnit((unit) =>
        proposalBatchForStaff(unit, { viewerId: viewer.userId, agencyDay: request.params.day }),
      );
      if (!batch) throw new AppError('NotFound', NO_BATCH_MESSAGE);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${proposalBatchFileName(batch.agencyDay)}"`)
        .header('cache-control', 'no-store')
        .send(batch.csv);
    },
  );

  // Proposals staff printed and mailed: marked sent, one or several at once.
  app.post(
    '/api/staff/proposals/mailed',
    { config: staffOnly, schema: { tags, body: markMailedSchema, response: { 200: markMailedViewSchema } } },
    async (request) => {
      const viewer = (await request.viewer())!;
      return markProposalsMailed(openUnit, {
        actorId: viewer.userId,
        proposalIds: request.body.proposalIds,
        now: new Date(),
      });
    },
  );

  app.get(
    '/api/staff/applications/:id/offers/:offerId/proposal',
    { config: staffOnly, schema: { tags, params } },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      const pdf = await proposalForStaff({
        openUnit,
        documents,
        viewerId: viewer.userId,
        applicationId: request.params.id,
        offerId: request.params.offerId,
      });
      // An offer of another application, one without a proposal yet, and an unknown id read alike.
      if (!pdf) throw new AppError('NotFound', NO_PROPOSAL_MESSAGE);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="Proposal.pdf"')
        .send(pdf);
    },
  );
};
