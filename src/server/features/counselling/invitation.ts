import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callTokenParamsSchema } from '#domain/validation/counselling';
import { linkInLanguage } from '#domain/i18n/language';
import { languageOrDefault } from '#server/i18n';
import type { Services } from '#server/services';
import { callInvitation, invitationFilename } from './call-email';
import { callOfToken } from './change-call';

/**
 * The call's calendar invitation, to download from the confirmation page and the emailed link's page: the same
 * .ics the emails attach (call-email.ts), written from the call as it stands now, so a moved call's file has
 * the new time and a higher SEQUENCE, and a cancelled call's file removes the event from a calendar that has it.
 */
export async function invitationByToken(o: { services: Services; token: string; now?: Date }) {
  const { services } = o;
  const call = await callOfToken(services.database.db, services, o.token, o.now ?? new Date(), false);
  const cancelled = call.state === 'cancelled';
  const manageUrl = cancelled
    ? null
    : linkInLanguage(
        `${services.config.publicUrl}/counselling-call?token=${encodeURIComponent(o.token)}`,
        languageOrDefault(call.language),
      );
  return {
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    filename: invitationFilename(call.language),
    body: callInvitation({
      call,
      kind: cancelled ? 'cancelled' : call.state === 'rescheduled' ? 'rescheduled' : 'booked',
      manageUrl,
      host: new URL(services.config.publicUrl).hostname,
    }),
  };
}

export const invitationRoute: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/counselling/calls/by-token/:token/invitation',
    {
      // The emailed links' budget (routes.ts): tokens are unguessable, guessing is slowed anyway.
      config: { role: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['counselling'], params: callTokenParamsSchema },
    },
    async (request, reply) => {
      const file = await invitationByToken({ services, token: request.params.token });
      return reply
        .header('content-type', `text/calendar; charset=utf-8; method=${file.method}`)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
