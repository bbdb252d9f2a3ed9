import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callViewSchema } from '#domain/validation/counselling';
import { callTokenKey } from './call-token';
import type { CounsellingDeps } from './deps';
import { readMyUpcomingCall } from './my-call';

/** The signed-in borrower's own counselling call, for the customer portal's card. Their own only: no id to ask. */
export const counsellingBorrowerRoutes: FastifyPluginAsyncZod<CounsellingDeps> = async (
  app,
  { openUnit, config },
) => {
  const key = callTokenKey(config.authSecret);
  app.get(
    '/api/customer-portal/counselling-call',
    {
      config: { role: 'borrower' },
      schema: {
        tags: ['customer-portal'],
        response: { 200: z.object({ call: callViewSchema.extend({ token: z.string() }).nullable() }) },
      },
    },
    async (request) => {
      const { userId } = (await request.viewer())!;
      return openUnit((unit) => readMyUpcomingCall(unit, { userId, key }));
    },
  );
};
