import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import type { Services } from '#server/services';
import { overdueProposalsQuerySchema, overdueProposalsViewSchema } from '#domain/validation/proposals';
import { proposalForStaff } from './prepare-proposals';
import { overdueProposals } from './overdue-proposals';

const staffOnly = { role: 'staff' } as const;
const tags = ['staff'];
const params = z.object({ id: z.uuid({ error: 'invalid' }), offerId: z.uuid({ error: 'invalid' }) });

export const NO_PROPOSAL_MESSAGE = 'This offer has no proposal.';

/** The proposals to creditors, as staff read them. */
export const proposalRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
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
    async (request) => overdueProposals(services.database.db, { ...request.query, now: new Date() }),
  );

  app.get(
    '/api/staff/applications/:id/offers/:offerId/proposal',
    { config: staffOnly, schema: { tags, params } },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      const pdf = await proposalForStaff({
        db: services.database.db,
        documents: services.documents,
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
