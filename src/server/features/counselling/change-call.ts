import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#domain/errors';
import { isLiveCall } from '#domain/counselling/calls';
import { DEFAULT_SLOT_RULES, type SlotRules } from '#domain/counselling/slots';
import type { ChangeCallInput } from '#domain/validation/counselling';
import type { Tx } from '#server/db/client';
import { counsellingCall, user } from '#server/db/schema/index';
import { enqueueEmail } from '#server/email/outbox';
import type { Services } from '#server/services';
import { callEmail } from './call-email';
import { callTokenKey, openCallToken, signCallToken } from './call-token';
import { callView, type CallRow } from './call-view';
import { isUniqueViolation, SLOT_TAKEN, takeSlot } from './take-slot';
import { MESSAGES } from '#domain/validation/messages';

const MINUTE = 60_000;
// Shared validation texts: the error handler answers them in the visitor's language.
export const LINK_NOT_VALID = MESSAGES.counsellingLinkNotValid;
export const LINK_EXPIRED = MESSAGES.counsellingLinkExpired;
export const CALL_NOT_CHANGEABLE = MESSAGES.counsellingCallNotChangeable;

/** The call a link's token names; a forged, altered or unknown one is a 404, an expired one too (said so). */
export async function callOfToken(tx: Tx, services: Services, token: string, now: Date, forUpdate: boolean) {
  const opened = openCallToken(callTokenKey(services.config.authSecret), token, now);
  if ('refused' in opened)
    throw new AppError('NotFound', opened.refused === 'expired' ? LINK_EXPIRED : LINK_NOT_VALID);
  const query = tx.select().from(counsellingCall).where(eq(counsellingCall.id, opened.callId));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NotFound', LINK_NOT_VALID);
  return row;
}

export async function counsellorFirstName(tx: Tx, counsellorId: string | null) {
  // A call held in Cal.com whose host is not a staff member here has no counsellor to name.
  if (!counsellorId) return null;
  const [found] = await tx.select({ firstName: user.firstName }).from(user).where(eq(user.id, counsellorId));
  return found?.firstName ?? null;
}

/** The call a link opens, as its page shows it. */
export async function readCallByToken(o: { services: Services; token: string; now?: Date }) {
  const now = o.now ?? new Date();
  const { db } = o.services.database;
  const row = await callOfToken(db, o.services, o.token, now, false);
  return callView(row, await counsellorFirstName(db, row.counsellorId), now);
}

/**
 * Moves or cancels a call from its emailed link, in one transaction with the email that says so. A move keeps
 * the counsellor when they are free at the new time, else assigns another like a new booking; the calendar
 * invitation's SEQUENCE goes up so calendars update the event they have.
 */
export async function changeCallByToken(o: {
  services: Services;
  token: string;
  input: ChangeCallInput;
  log: FastifyBaseLogger;
  now?: Date;
  rules?: SlotRules;
}) {
  const { services, input } = o;
  const now = o.now ?? new Date();
  const rules = o.rules ?? DEFAULT_SLOT_RULES;
  const key = callTokenKey(services.config.authSecret);
  const { publicUrl } = services.config;
  let outcome: { row: CallRow; emailId: string; firstName: string | null };
  try {
    outcome = await services.database.db.transaction(async (tx) => {
      const call = await callOfToken(tx, services, o.token, now, true);
      if (!isLiveCall(call.state) || call.startsAt <= now)
        throw new AppError('Conflict', CALL_NOT_CHANGEABLE);
      let row: CallRow;
      if (input.action === 'cancel') {
        [row] = (await tx
          .update(counsellingCall)
          .set({ state: 'cancelled', revision: call.revision + 1 })
          .where(eq(counsellingCall.id, call.id))
          .returning()) as [CallRow];
      } else {
        const slot = {
          startsAt: input.startsAt,
          endsAt: new Date(input.startsAt.getTime() + rules.callMinutes * MINUTE),
        };
        row = await takeSlot(tx, {
          slot,
          rules,
          agencyTimeZone: services.config.agencyTimeZone,
          now,
          language: call.language,
          keep: call.counsellorId ?? undefined,
          exceptCallId: call.id,
          write: async (counsellorId) =>
            (
              await tx
                .update(counsellingCall)
                .set({
                  counsellorId,
                  startsAt: slot.startsAt,
                  endsAt: slot.endsAt,
                  state: 'rescheduled',
                  revision: call.revision + 1,
                })
                .where(eq(counsellingCall.id, call.id))
                .returning()
            )[0]!,
        });
      }
      const kind = input.action === 'cancel' ? 'cancelled' : 'rescheduled';
      const token = kind === 'cancelled' ? null : signCallToken(key, row.id, row.endsAt);
      const emailId = await enqueueEmail(
        tx,
        services.cipher,
        callEmail({ call: row, kind, publicUrl, token }),
      );
      return { row, emailId, firstName: await counsellorFirstName(tx, row.counsellorId) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('Conflict', SLOT_TAKEN);
    throw error;
  }
  services.onEmailQueued?.(outcome.emailId);
  o.log.info({ callId: outcome.row.id, state: outcome.row.state }, 'counselling call changed');
  return callView(outcome.row, outcome.firstName, now);
}
