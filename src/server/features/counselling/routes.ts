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
  changedCallViewSchema,
  slotQuerySchema,
  slotsViewSchema,
} from '#domain/validation/counselling';
import { DEFAULT_SLOT_RULES } from '#domain/counselling/slots';
import {
  agencyDayOffSchema,
  agencyDayParamsSchema,
  agencyDaysOffViewSchema,
} from '#domain/validation/counselling-staff';
import { addAgencyDayOff, listAgencyDaysOff, removeAgencyDayOff } from './agency-days-off';
import { callIdOfToken, callTokenKey } from './call-token';
import { CALL_CHANGE_LIMITS } from './change-limits';
import { createSchedulingProvider } from '#providers/scheduling/index';
import { outsideUnits } from '#server/unit-of-work';
import { bookOwnCall, type CallLinks } from './book-call';
import type { CounsellingDeps } from './deps';
import { createInProductScheduler } from './in-product-scheduler';
import { bookOutsideCall, changeOutsideCall, listOutsideSlots } from './outside-scheduler';
import { changeOwnCall, readCallByToken } from './change-call';
import { listSlots } from './list-slots';
import { addTimeOff, readAvailability, removeTimeOff, saveAvailability } from './counsellor-availability';
import { invitationRoute } from './invitation';
import { staffCallRoutes } from './staff-call-routes';

const tags = ['counselling'];
export { DAYS_OFF_SUPERVISORS_ONLY } from './agency-days-off';

/**
 * The counselling call, bookable by anyone before or without an application: the open slots, booking, and the
 * emailed links that read, move or cancel a call (a signed token; the log never shows it, see logging.ts).
 */
export const counsellingRoutes: FastifyPluginAsyncZod<CounsellingDeps> = async (app, deps) => {
  const { openUnit, config } = deps;
  const links: CallLinks = { key: callTokenKey(config.authSecret), publicUrl: config.publicUrl };
  const { agencyTimeZone } = config;
  // Reading slots is cheap but public: enough for a person paging through weeks, not for a scraper.
  const slotsLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  // Booking sends an email: the budget of the other public forms (AUTH_RATE_LIMIT_PER_MINUTE).
  const bookLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  // Tokens are unguessable; guessing is slowed anyway, as for the signing links.
  const tokenLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  // And by the call, whatever address asks: many addresses at one call's link share its budget (each change
  // emails the person; change-limits.ts caps those emails too).
  const perCall = (what: 'read' | 'change', max: number, timeWindow: string) =>
    app.rateLimit({
      max,
      timeWindow,
      keyGenerator: (request) =>
        `counselling-call-${what}:${callIdOfToken((request.params as { token?: string }).token ?? '') ?? 'none'}`,
    });
  const perCallRead = perCall('read', CALL_CHANGE_LIMITS.readsPerCallPerMinute, '1 minute');
  const perCallChange = perCall('change', CALL_CHANGE_LIMITS.changesPerCallPerHour, '1 hour');

  // Who holds the calls' times (SCHEDULING_PROVIDER). The product's own scheduler is its booking, slot and
  // link functions, called here directly: they take what the port does not carry (the reminder choice, the
  // signed-in account, the languages of a slot) and write the call in the same unit as the slot is taken. An
  // outside scheduler is a vendor, asked through the port outside any unit (it refuses to be called inside
  // one), and the product keeps its row of the call (outside-scheduler.ts).
  const scheduler = createSchedulingProvider(config, {
    inProduct: () => createInProductScheduler({ ...deps, log: app.log }),
    callMinutes: DEFAULT_SLOT_RULES.callMinutes,
  });
  const outside = scheduler.kind === 'in-product' ? null : outsideUnits(scheduler, 'scheduling');

  app.get(
    '/api/counselling/slots',
    {
      config: { role: 'public', ...slotsLimit },
      schema: { tags, querystring: slotQuerySchema, response: { 200: slotsViewSchema } },
    },
    async (request) =>
      outside
        ? listOutsideSlots({ scheduler: outside, query: request.query, log: request.log })
        : openUnit((unit) => listSlots(unit, { agencyTimeZone, query: request.query })),
  );

  app.post(
    '/api/counselling/calls',
    {
      config: { role: 'public', ...bookLimit },
      schema: { tags, body: bookCallSchema, response: { 201: bookedCallViewSchema } },
    },
    async (request, reply) => {
      const o = { openUnit, links, input: request.body, viewer: await request.viewer(), log: request.log };
      const booked = outside
        ? await bookOutsideCall({ ...o, scheduler: outside })
        : await bookOwnCall({ ...o, agencyTimeZone });
      return reply.status(201).send(booked);
    },
  );

  app.get(
    '/api/counselling/calls/by-token/:token',
    {
      config: { role: 'public', ...tokenLimit },
      onRequest: perCallRead,
      schema: { tags, params: callTokenParamsSchema, response: { 200: callViewSchema } },
    },
    async (request) =>
      openUnit((unit) => readCallByToken(unit, { key: links.key, token: request.params.token })),
  );

  app.post(
    '/api/counselling/calls/by-token/:token',
    {
      config: { role: 'public', ...tokenLimit },
      onRequest: perCallChange,
      schema: {
        tags,
        params: callTokenParamsSchema,
        body: changeCallSchema,
        response: { 200: changedCallViewSchema },
      },
    },
    async (request) => {
      const o = { openUnit, links, agencyTimeZone, token: request.params.token, input: request.body };
      return outside
        ? changeOutsideCall({ ...o, scheduler: outside, log: request.log })
        : changeOwnCall({ ...o, log: request.log });
    },
  );

  await app.register(invitationRoute, deps);

  // A staff member's own availability (the service portal's Preferences): each sets only their own.
  const staffTags = ['service portal'];
  const staffOnly = { role: 'staff' } as const;
  const userId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;

  app.get(
    '/api/staff/counselling/availability',
    { config: staffOnly, schema: { tags: staffTags, response: { 200: counsellorAvailabilityViewSchema } } },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) => readAvailability(unit, { userId: id, agencyTimeZone }));
    },
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
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) => saveAvailability(unit, { userId: id, input: request.body, agencyTimeZone }));
    },
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
    async (request, reply) => {
      const id = await userId(request);
      const added = await openUnit((unit) => addTimeOff(unit, { userId: id, ...request.body }));
      return reply.status(201).send(added);
    },
  );
  app.delete(
    '/api/staff/counselling/time-off/:id',
    { config: staffOnly, schema: { tags: staffTags, params: z.object({ id: z.guid() }) } },
    async (request, reply) => {
      const id = await userId(request);
      await openUnit((unit) => removeTimeOff(unit, { userId: id, id: request.params.id }));
      return reply.status(204).send();
    },
  );

  // The days the whole agency is closed: every staff member reads them, supervisors add and remove them (the
  // use cases check the supervisor in the unit that makes the change).
  app.get(
    '/api/staff/counselling/agency-days-off',
    { config: staffOnly, schema: { tags: staffTags, response: { 200: agencyDaysOffViewSchema } } },
    async (request) => {
      const id = await userId(request);
      return openUnit((unit) => listAgencyDaysOff(unit, { userId: id, agencyTimeZone }));
    },
  );
  app.post(
    '/api/staff/counselling/agency-days-off',
    {
      config: staffOnly,
      schema: {
        tags: staffTags,
        body: agencyDayOffSchema,
        response: { 201: z.object({ day: z.string(), name: z.string() }) },
      },
    },
    async (request, reply) => {
      const id = await userId(request);
      const added = await openUnit((unit) => addAgencyDayOff(unit, { actorId: id, input: request.body }));
      return reply.status(201).send(added);
    },
  );
  app.delete(
    '/api/staff/counselling/agency-days-off/:day',
    { config: staffOnly, schema: { tags: staffTags, params: agencyDayParamsSchema } },
    async (request, reply) => {
      const id = await userId(request);
      await openUnit((unit) => removeAgencyDayOff(unit, { actorId: id, day: request.params.day }));
      return reply.status(204).send();
    },
  );

  // The day's calls, a borrower's bookings and their outcomes (staff-call-routes.ts).
  await app.register(staffCallRoutes, deps);
};
