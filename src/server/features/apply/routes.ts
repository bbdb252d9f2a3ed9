import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema } from '#domain/flow/pages';
import { applicationStatusSchema } from '#domain/flow/statuses';
import { HARDSHIP_KEYS, hardshipsSchema } from '#domain/validation/application';
import type { Services } from '../../app';
import { getApplication } from './get-application';
import { saveHardships } from './save-hardships';

const applicationView = z.object({
  id: z.string(),
  status: applicationStatusSchema,
  lastCompletedPage: pageSchema.nullable(),
  lastViewedPage: pageSchema.nullable(),
  hardships: z.record(z.enum(HARDSHIP_KEYS), z.boolean()),
});
const next = z.object({ next: z.string() });

/** The borrower's application flow: each page sends its answers; the server saves them and says where to go. */
export const applyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  app.get(
    '/api/application',
    {
      config: { role: 'borrower' },
      schema: { tags: ['application'], response: { 200: applicationView } },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      return getApplication({ db, userId: viewer.userId });
    },
  );

  app.put(
    '/api/application/hardships',
    {
      config: { role: 'borrower' },
      schema: { tags: ['application'], body: hardshipsSchema, response: { 200: next } },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      return saveHardships({ db, userId: viewer.userId, hardships: request.body });
    },
  );
};
