import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  borrowerCallsViewSchema,
  callOutcomeSchema,
  staffCallViewSchema,
  todaysCallsQuerySchema,
  todaysCallsViewSchema,
} from '#domain/validation/counselling-staff';
import { contactAttemptViewSchema } from '#domain/validation/staff';
import type { CounsellingDeps } from './deps';
import { listBorrowerCalls, listTodaysCalls, markCallOutcome } from './staff-calls';

const tags = ['service portal'];
const staffOnly = { role: 'staff' } as const;
const idParams = z.object({ id: z.uuid({ error: 'invalid' }) });

/** The service portal's counselling calls: today's list, a borrower's bookings, marking a call's outcome. */
export const staffCallRoutes: FastifyPluginAsyncZod<CounsellingDeps> = async (app, { openUnit, config }) => {
  const { agencyTimeZone } = config;
  const staff = async (request: {
    viewer: () => Promise<{ userId: string; firstName: string | null } | null>;
  }) => (await request.viewer())!;

  app.get(
    '/api/staff/counselling/calls/today',
    {
      config: staffOnly,
      schema: { tags, querystring: todaysCallsQuerySchema, response: { 200: todaysCallsViewSchema } },
    },
    async (request) => {
      const { userId } = await staff(request);
      return openUnit((unit) =>
        listTodaysCalls(unit, {
          userId,
          scope: request.query.scope,
          period: request.query.period,
          agencyTimeZone,
        }),
      );
    },
  );

  app.get(
    '/api/staff/applications/:id/counselling-calls',
    { config: staffOnly, schema: { tags, params: idParams, response: { 200: borrowerCallsViewSchema } } },
    async (request) =>
      openUnit((unit) => listBorrowerCalls(unit, { applicationId: request.params.id, agencyTimeZone })),
  );

  app.post(
    '/api/staff/counselling/calls/:id/outcome',
    {
      config: { ...staffOnly, idempotent: true },
      schema: {
        tags,
        params: idParams,
        body: callOutcomeSchema,
        response: {
          200: z.object({ call: staffCallViewSchema, contactAttempt: contactAttemptViewSchema.nullable() }),
        },
      },
    },
    async (request) => {
      const who = await staff(request);
      // A text the contact attempt sends is handed to the queue by the unit, once it committed.
      return openUnit((unit) =>
        markCallOutcome(unit, { staff: who, callId: request.params.id, input: request.body, agencyTimeZone }),
      );
    },
  );
};
