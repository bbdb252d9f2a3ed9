import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callViewSchema } from '#domain/validation/counselling';
import type { Services } from '#server/services';
import { readMyUpcomingCall } from './my-call';

/** The signed-in borrower's own counselling call, for the customer portal's card. Their own only: no id to ask. */
export const counsellingBorrowerRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/customer-portal/counselling-call',
    {
      config: { role: 'borrower' },
      schema: {
        tags: ['customer-portal'],
        response: { 200: z.object({ call: callViewSchema.extend({ token: z.string() }).nullable() }) },
      },
    },
    async (request) =>
      readMyUpcomingCall({
        db: services.database.db,
        userId: (await request.viewer())!.userId,
        authSecret: services.config.authSecret,
      }),
  );
};
