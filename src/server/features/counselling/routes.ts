import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookedCallViewSchema,
  counsellorAvailabilitySchema,
  counsellorAvailabilityViewSchema,
  timeOffSchema,
  bookCallSchema,
  callTokenParamsSchema,
  callViewSchema,
  changeCallSchema,
  slotQuerySchema,
  slotsViewSchema,
} from '#domain/validation/counselling';
import { DEFAULT_SLOT_RULES } from '#domain/counselling/slots';
import { createSchedulingProvider } from '#providers/scheduling/index';
import type { Services } from '#server/services';
import { bookCall } from './book-call';
import { createInProductScheduler } from './in-product-scheduler';
import { bookOutsideCall, changeOutsideCall, listOutsideSlots } from './outside-scheduler';
import { changeCallByToken, readCallByToken } from './change-call';
import { listSlots } from './list-slots';
import { addTimeOff, readAvailability, removeTimeOff, saveAvailability } from './counsellor-availability';
import { invitationRoute } from './invitation';
import { staffCallRoutes } from './staff-call-routes';

const tags = ['counselling'];

/**
 * The counselling call, bookable by anyone before or without an application: the open slots, booking, and the
 * emailed links that read, move or cancel a call (a signed token; the log never shows it, see logging.ts).
 */
export const counsellingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Reading slots is cheap but public: enough for a person paging through weeks, not for a scraper.
  const slotsLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  // Booking sends an email: the budget of the other public forms (AUTH_RATE_LIMIT_PER_MINUTE).
  const bookLimit = { rateLimit: { max: services.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  // Tokens are unguessable; guessing is slowed anyway, as for the signing links.
  const tokenLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  // Who holds the calls' times (SCHEDULING_PROVIDER). The product's own scheduler is its booking, slot and
  // link functions, called here directly: they take what the port does not carry (the reminder choice, the
  // signed-in account, the languages of a slot) and write the call in the same transaction as the slot is
  // taken. An outside scheduler is asked through the port, and the product keeps its row of the call
  // (outside-scheduler.ts).
  const scheduler = createSchedulingProvider(services.config, {
    inProduct: () => createInProductScheduler({ services, log: app.log }),
    callMinutes: DEFAULT_SLOT_RULES.callMinutes,
  });
  const outside = scheduler.kind === 'in-product' ? null : scheduler;

  app.get(
    '/api/counselling/slots',
    {
      config: { role: 'public', ...slotsLimit },
      schema: { tags, querystring: slotQuerySchema, response: { 200: slotsViewSchema } },
    },
    async (request) =>
      outside
        ? listOutsideSlots({ scheduler: outside, query: request.query })
        : listSlots({ services, query: request.query }),
  );

  app.post(
    '/api/counselling/calls',
    {
      config: { role: 'public', ...bookLimit },
      schema: { tags, body: bookCallSchema, response: { 201: bookedCallViewSchema } },
    },
    async (request, reply) => {
      const o = { services, input: request.body, viewer: await request.viewer(), log: request.log };
      const booked = outside ? await bookOutsideCall({ ...o, scheduler: outside }) : await bookCall(o);
      return reply.status(201).send(booked);
    },
  );

  app.get(
    '/api/counselling/calls/by-token/:token',
    {
      config: { role: 'public', ...tokenLimit },
      schema: { tags, params: callTokenParamsSchema, response: { 200: callViewSchema } },
    },
    async (request) => readCallByToken({ services, token: request.params.token }),
  );

  app.post(
    '/api/counselling/calls/by-token/:token',
    {
      config: { role: 'public', ...tokenLimit },
      schema: {
        tags,
        params: callTokenParamsSchema,
        body: changeCallSchema,
        response: { 200: callViewSchema },
      },
    },
    async (request) => {
      const o = { services, token: request.params.token, input: request.body, log: request.log };
      return outside ? changeOutsideCall({ ...o, scheduler: outside }) : changeCallByToken(o);
    },
  );

  await app.register(invitationRoute, { services });

  // A staff member's own availability (the service portal's Preferences): each sets only their own.
  const staffTags = ['service portal'];
  const staffOnly = { role: 'staff' } as const;
  const { db } = services.database;
  const { agencyTimeZone } = services.config;
  const userId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;

  app.get(
    '/api/staff/counselling/availability',
    { config: staffOnly, schema: { tags: staffTags, response: { 200: counsellorAvailabilityViewSchema } } },
    async (request) => readAvailability({ db, userId: await userId(request), agencyTimeZone }),
  );
  app.put(
    '/api/staff/counselling/availability',
    {
      config: staffOnly,
      schema: {
        tags: staffTags,
        body: counsellorAvailabilitySchema,
        response: { 200: counsellorAvailabilityViewSchema },
      },
    },
    async (request) =>
      saveAvailability({ db, userId: await userId(request), input: request.body, agencyTimeZone }),
  );
  app.post(
    '/api/staff/counselling/time-off',
    {
      config: staffOnly,
      schema: {
        tags: staffTags,
        body: timeOffSchema,
        response: { 201: z.object({ id: z.string(), startsAt: z.string(), endsAt: z.string() }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addTimeOff({ db, userId: await userId(request), ...request.body })),
  );
  app.delete(
    '/api/staff/counselling/time-off/:id',
    { config: staffOnly, schema: { tags: staffTags, params: z.object({ id: z.guid() }) } },
    async (request, reply) => {
      await removeTimeOff({ db, userId: await userId(request), id: request.params.id });
      return reply.status(204).send();
    },
  );

  // The day's calls, a borrower's bookings and their outcomes (staff-call-routes.ts).
  await app.register(staffCallRoutes, { services });
};
