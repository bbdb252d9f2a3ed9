import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import {
  creditorDetailSchema,
  creditorIdParams,
  creditorListSchema,
  creditorSearchSchema,
  programmeRevisionSchema,
} from '#domain/validation/concessions';
import { creditorDetailsSchema } from '#domain/validation/creditor-details';
import { CREDITOR_RELATIONS_GROUP, isInGroup } from '#server/plugins/staff-group';
import type { Unit } from '#server/unit-of-work';
import type { CreditorRelationsDeps } from './deps';
import { getCreditor, listCreditors } from './read-creditors';
import { reviseProgramme } from './revise-programme';
import { updateCreditorDetails } from './creditor-details';

const staffOnly = { role: 'staff' } as const;
const tags = ['staff'];

/**
 * The creditors, their concession programmes (decision 0104) and their details (decision 0107): every staff
 * member reads them; creditor relations staff (CREDITOR_RELATIONS_GROUP) revise a programme, which the next
 * decision offers on, and change the details, each change kept with its reason.
 */
export const creditorRelationsRoutes: FastifyPluginAsyncZod<CreditorRelationsDeps> = async (
  app,
  { openUnit },
) => {
  // Counsellors read the creditors; only creditor relations staff change them (checked in the change's unit).
  const mustEdit = async (unit: Unit, staffUserId: string) => {
    if (!(await isInGroup(unit.tx, staffUserId, CREDITOR_RELATIONS_GROUP))) {
      throw new AppError('Forbidden', 'Only creditor relations staff can change a creditor.');
    }
  };
  const viewerId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;

  app.get(
    '/api/staff/creditors',
    {
      config: staffOnly,
      schema: { tags, querystring: creditorSearchSchema, response: { 200: creditorListSchema } },
    },
    async (request) =>
      openUnit((unit) => listCreditors(unit, { search: request.query.search, at: new Date() })),
  );

  app.get(
    '/api/staff/creditors/:id',
    {
      config: staffOnly,
      schema: { tags, params: creditorIdParams, response: { 200: creditorDetailSchema } },
    },
    async (request) => {
      const staffUserId = await viewerId(request);
      const found = await openUnit(async (unit) =>
        getCreditor(unit, {
          creditorId: request.params.id,
          at: new Date(),
          canEdit: await isInGroup(unit.tx, staffUserId, CREDITOR_RELATIONS_GROUP),
        }),
      );
      if (!found) throw new AppError('NotFound', 'No such creditor.');
      return found;
    },
  );

  app.post(
    '/api/staff/creditors/:id/programme',
    {
      config: { ...staffOnly, idempotent: true },
      schema: {
        tags,
        params: creditorIdParams,
        body: programmeRevisionSchema,
        response: { 201: z.object({ id: z.string(), version: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const staffUserId = await viewerId(request);
      const made = await openUnit(async (unit) => {
        await mustEdit(unit, staffUserId);
        return reviseProgramme(unit, {
          creditorId: request.params.id,
          revision: request.body,
          staffUserId,
          at: new Date(),
        });
      });
      return reply.status(201).send(made);
    },
  );

  app.post(
    '/api/staff/creditors/:id/details',
    {
      config: { ...staffOnly, idempotent: true },
      schema: {
        tags,
        params: creditorIdParams,
        body: creditorDetailsSchema,
        response: { 200: z.object({ changed: z.boolean() }) },
      },
    },
    async (request) => {
      const staffUserId = await viewerId(request);
      return openUnit(async (unit) => {
        await mustEdit(unit, staffUserId);
        return updateCreditorDetails(unit, {
          creditorId: request.params.id,
          change: request.body,
          staffUserId,
        });
      });
    },
  );
};
