import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callTokenParamsSchema } from '#domain/validation/counselling';
import { linkInLanguage } from '#domain/i18n/language';
import { languageOrDefault } from '#server/i18n';
import type { Config } from '#server/env';
import type { OpenUnit, Unit } from '#server/unit-of-work';
import type { CallLinks } from './book-call';
import { callInvitation, invitationFilename } from './call-email';
import { callTokenKey } from './call-token';
import { callOfToken } from './change-call';

/**
 * The call's calendar invitation, to download from the confirmation page and the emailed link's page: the same
 * .ics the emails attach (call-email.ts), written from the call as it stands now, so a moved call's file has
 * the new time and a higher SEQUENCE, and a cancelled call's file removes the event from a calendar that has it.
 */
export async function invitationByToken(unit: Unit, o: { links: CallLinks; token: string; now?: Date }) {
  const call = await callOfToken(unit.tx, o.links.key, o.token, o.now ?? new Date(), false);
  // A call whose host asked for a new time holds no time until the borrower picks one: its file takes the old
  // time out of a calendar, like a cancelled call's.
  const kind =
    call.state === 'cancelled'
      ? 'cancelled'
      : call.state === 'awaitingNewTime'
        ? 'rescheduleRequested'
        : call.state === 'rescheduled'
          ? 'rescheduled'
          : 'booked';
  const cancelled = kind === 'cancelled' || kind === 'rescheduleRequested';
  const manageUrl = cancelled
    ? null
    : linkInLanguage(
        `${o.links.publicUrl}/counselling-call?token=${encodeURIComponent(o.token)}`,
        languageOrDefault(call.language),
      );
  return {
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    filename: invitationFilename(call.language),
    body: callInvitation({
      call,
      kind,
      manageUrl,
      host: new URL(o.links.publicUrl).hostname,
    }),
  };
}

export const invitationRoute: FastifyPluginAsyncZod<{ openUnit: OpenUnit; config: Config }> = async (
  app,
  { openUnit, config },
) => {
  const links: CallLinks = { key: callTokenKey(config.authSecret), publicUrl: config.publicUrl };
  app.get(
    '/api/counselling/calls/by-token/:token/invitation',
    {
      // The emailed links' budget (routes.ts): tokens are unguessable, guessing is slowed anyway.
      config: { role: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['counselling'], params: callTokenParamsSchema },
    },
    async (request, reply) => {
      const file = await openUnit((unit) => invitationByToken(unit, { links, token: request.params.token }));
      return reply
        .header('content-type', `text/calendar; charset=utf-8; method=${file.method}`)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
