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
import type { Services } from '#server/services';
import { listBorrowerCalls, listTodaysCalls, markCallOutcome } from './staff-calls';

const tags = ['service portal'];
const staffOnly = { role: 'staff' } as const;
const idParams = z.object({ id: z.uuid({ error: 'invalid' }) });

/** The service portal's counselling calls: today's list, a borrower's bookings, marking a call's outcome. */
export const staffCallRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;
  const { agencyTimeZone } = services.config;
  const staff = async (request: {
    viewer: () => Promise<{ userId: string; firstName: string | null } | null>;
  }) => (await request.viewer())!;

  app.get(
    '/api/staff/counselling/calls/today',
    {
      config: staffOnly,
      schema: { tags, querystring: todaysCallsQuerySchema, response: { 200: todaysCallsViewSchema } },
    },
    async (request) =>
      listTodaysCalls({
        db,
        userId: (await staff(request)).userId,
        scope: request.query.scope,
        agencyTimeZone,
      }),
  );

  app.get(
    '/api/staff/applications/:id/counselling-calls',
    { config: staffOnly, schema: { tags, params: idParams, response: { 200: borrowerCallsViewSchema } } },
    async (request) => listBorrowerCalls({ db, applicationId: request.params.id, agencyTimeZone }),
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
      const { call, contactAttempt, smsId } = await markCallOutcome({
        db,
        cipher: services.cipher,
        staff: await staff(request),
        callId: request.params.id,
        input: request.body,
        agencyTimeZone,
      });
      if (smsId) services.onSmsQueued?.(smsId);
      return { call, contactAttempt };
    },
  );
};
