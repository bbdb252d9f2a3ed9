import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * GET /api/health (the process answers) and GET /api/ready (the database answers too). Given only the
 * database's ping and its kind: a ping is no unit of work, it writes nothing and reads no row.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<void>;
  databaseKind: string;
}> = async (app, { ping, databaseKind }) => {
  app.get(
    '/api/health',
    {
      config: { role: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { role: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ready' as const, database: databaseKind };
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
