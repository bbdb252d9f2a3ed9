import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#domain/errors';
import { isLiveCall } from '#domain/counselling/calls';
import { DEFAULT_SLOT_RULES, type SlotRules } from '#domain/counselling/slots';
import type { ChangeCallInput } from '#domain/validation/counselling';
import { counsellingCall, user } from '#server/db/schema/index';
import type { OpenUnit, Transaction, Unit } from '#server/unit-of-work';
import type { CallLinks } from './book-call';
import { callEmail } from './call-email';
import { type CallTokenKey, isReplacedLink, openCallToken, signCallToken } from './call-token';
import { callView, type CallRow } from './call-view';
import {
  callEmailsSentToday,
  CALL_CHANGE_LIMITS,
  noteCallEmail,
  refuseTooManyMoves,
  refuseWhenInboxFull,
} from './change-limits';
import { inContendedUnit, takeSlot } from './take-slot';
import { MESSAGE_REFS, MESSAGES } from '#domain/validation/messages';

const MINUTE = 60_000;
// Shared validation texts: the error handler answers them in the visitor's language.
export const LINK_NOT_VALID = MESSAGES.counsellingLinkNotValid;
export const LINK_EXPIRED = MESSAGES.counsellingLinkExpired;
export const LINK_REPLACED = MESSAGES.counsellingLinkReplaced;
export const CALL_NOT_CHANGEABLE = MESSAGES.counsellingCallNotChangeable;

/**
 * The call a link's token names; a forged, altered or unknown one is a 404, an expired one too (said so), and
 * so is the link of an email a later change of the call replaced (only the newest link reads or changes it).
 */
export async function callOfToken(
  tx: Transaction,
  key: CallTokenKey,
  token: string,
  now: Date,
  forUpdate: boolean,
) {
  const opened = openCallToken(key, token, now);
  if ('refused' in opened)
    throw new AppError(
      'NotFound',
      opened.refused === 'expired'
        ? MESSAGE_REFS.counsellingLinkExpired
        : MESSAGE_REFS.counsellingLinkNotValid,
    );
  const query = tx.select().from(counsellingCall).where(eq(counsellingCall.id, opened.callId));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NotFound', MESSAGE_REFS.counsellingLinkNotValid);
  if (isReplacedLink(row, opened.revision))
    throw new AppError('NotFound', MESSAGE_REFS.counsellingLinkReplaced);
  return row;
}

export async function counsellorFirstName(tx: Transaction, counsellorId: string | null) {
  // A call held in Cal.com whose host is not a staff member here has no counsellor to name.
  if (!counsellorId) return null;
  const [found] = await tx.select({ firstName: user.firstName }).from(user).where(eq(user.id, counsellorId));
  return found?.firstName ?? null;
}

/** The call a link opens, as its page shows it. */
export async function readCallByToken(unit: Unit, o: { key: CallTokenKey; token: string; now?: Date }) {
  const now = o.now ?? new Date();
  const row = await callOfToken(unit.tx, o.key, o.token, now, false);
  return callView(row, await counsellorFirstName(unit.tx, row.counsellorId), now);
}

/**
 * Moves or cancels a call from its emailed link, in the unit, with the email that says so. A move keeps its
 * links' place to the newest only: the answer carries the new link (none for a cancellation). A move keeps
 * the counsellor when they are free at the new time, else assigns another like a new booking; the calendar
 * invitation's SEQUENCE goes up so calendars update the event they have. The route runs it through
 * inContendedUnit (a unit the database gave up is run again; a unique violation is the slot taken).
 */
export async function changeCallByToken(
  unit: Unit,
  o: {
    links: CallLinks;
    agencyTimeZone: string;
    token: string;
    input: ChangeCallInput;
    now: Date;
    rules?: SlotRules;
  },
): Promise<{ row: CallRow; token: string | null; firstName: string | null }> {
  const { input, now } = o;
  const { tx } = unit;
  const rules = o.rules ?? DEFAULT_SLOT_RULES;
  const call = await callOfToken(tx, o.links.key, o.token, now, true);
  if (!isLiveCall(call.state) || call.startsAt <= now)
    throw new AppError('Conflict', MESSAGE_REFS.counsellingCallNotChangeable);
  let row: CallRow;
  // A move sends an email, so it waits for the address's day; a cancellation always goes through (the
  // person may need it), its email only while the address has some of its day left.
  let sendEmail = true;
  if (input.action === 'cancel') {
    sendEmail =
      (await callEmailsSentToday(tx, call.email, now)) < CALL_CHANGE_LIMITS.emailsPerRecipientPerDay;
  } else {
    refuseTooManyMoves(call);
    await refuseWhenInboxFull(tx, call.email, now);
  }
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
      agencyTimeZone: o.agencyTimeZone,
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
              linkMoves: call.linkMoves + 1,
            })
            .where(eq(counsellingCall.id, call.id))
            .returning()
        )[0]!,
    });
  }
  const kind = input.action === 'cancel' ? 'cancelled' : 'rescheduled';
  const token = kind === 'cancelled' ? null : signCallToken(o.links.key, row.id, row.endsAt, row.revision);
  if (sendEmail) {
    await unit.outbox.email(callEmail({ call: row, kind, publicUrl: o.links.publicUrl, token }));
    await noteCallEmail(tx, { email: row.email, callId: row.id, kind, now });
  }
  return { row, token, firstName: await counsellorFirstName(tx, row.counsellorId) };
}

/** The product's own path for a call it holds: the change in a contended unit, logged once it committed. */
export async function changeOwnCall(o: {
  openUnit: OpenUnit;
  links: CallLinks;
  agencyTimeZone: string;
  token: string;
  input: ChangeCallInput;
  log: FastifyBaseLogger;
  now?: Date;
}) {
  const now = o.now ?? new Date();
  const outcome = await inContendedUnit(o.openUnit, (unit) =>
    changeCallByToken(unit, {
      links: o.links,
      agencyTimeZone: o.agencyTimeZone,
      token: o.token,
      input: o.input,
      now,
    }),
  );
  o.log.info({ callId: outcome.row.id, state: outcome.row.state }, 'counselling call changed');
  // The moved call's new link (the old one no longer works): the page that moved it goes on with it.
  return { ...callView(outcome.row, outcome.firstName, now), token: outcome.token };
}
