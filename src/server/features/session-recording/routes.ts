import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionRecordingViewSchema, type SessionRecordingView } from '#domain/session-recording';
import { borrower } from '#server/db/schema/application';
import type { Config } from '#server/env';
import type { OpenUnit } from '#server/unit-of-work';

/**
 * GET /api/session-recording (borrowers): whether this borrower's pages are recorded. Off unless configured;
 * when on, the answer names the borrower by the borrower record's id and nothing else, which is all the
 * recorder is ever told about the person.
 */
export const sessionRecordingRoutes: FastifyPluginAsyncZod<{ openUnit: OpenUnit; config: Config }> = async (
  app,
  { openUnit, config },
) => {
  app.get(
    '/api/session-recording',
    {
      config: { role: 'borrower' },
      schema: { tags: ['application'], response: { 200: sessionRecordingViewSchema } },
    },
    async (request): Promise<SessionRecordingView> => {
      const recording = config.sessionRecording;
      if (recording.provider === 'off') return { provider: 'off' };
      const viewer = (await request.viewer())!;
      const row = await openUnit((unit) =>
        unit.tx.query.borrower.findFirst({ where: eq(borrower.owner, viewer.userId), columns: { id: true } }),
      );
      // A borrower account without its borrower record yet is not recorded.
      if (!row) return { provider: 'off' };
      return { provider: 'logrocket', appId: recording.appId, borrowerId: row.id };
    },
  );
};
