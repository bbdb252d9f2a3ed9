import { and, eq, sql } from 'drizzle-orm';
import { isLiveCall } from '#domain/counselling/calls';
import { AppError } from '#domain/errors';
import type { BookCallInput } from '#domain/validation/counselling';
import { counsellingCall, user, userGroup } from '#server/db/schema/index';
import { STAFF_GROUP } from '#server/plugins/staff-group';
import type { Transaction, Unit } from '#server/unit-of-work';
import { type CallLinks, refuseSecondUpcomingCall, writeBookedCall } from './book-call';
import { callEmail } from './call-email';
import { openCallToken, signCallToken } from './call-token';
import type { CallRow } from './call-view';
import { callOfToken, counsellorFirstName } from './change-call';
import { MESSAGE_REFS } from '#domain/validation/messages';

// The product's row of a call an outside scheduler (Cal.com) holds: what the units of outside-scheduler.ts do
// before and after asking the scheduler. This file never sees the scheduler: its units only receive the
// scheduler's answers (a booking, a move), so no transaction stays open while Cal.com answers.

/** The staff member whose email is the host's (compared without regard to case), or null when none is. */
export async function staffMemberOf(tx: Transaction, hostEmail: string | undefined): Promise<string | null> {
  if (!hostEmail) return null;
  const [found] = await tx
    .select({ id: user.id })
    .from(user)
    .innerJoin(userGroup, and(eq(userGroup.userId, user.id), eq(userGroup.groupName, STAFF_GROUP)))
    .where(sql`lower(${user.email}) = lower(${hostEmail})`)
    .limit(1);
  return found?.id ?? null;
}

/** What the outside scheduler answered to a booking or a move. */
export type OutsideBooking = { reference: string; startsAt: Date; endsAt: Date; hostEmail?: string };

/** Writes the row of a call the outside scheduler booked, and its confirmation email. */
export async function saveOutsideBooking(
  unit: Unit,
  o: {
    links: CallLinks;
    booking: OutsideBooking;
    contact: { borrowerUserId: string | null; name: string; email: string; phoneNumber: string };
    input: BookCallInput;
    now: Date;
  },
): Promise<{ row: CallRow; token: string }> {
  await refuseSecondUpcomingCall(unit.tx, o.contact.email, o.now);
  return writeBookedCall(unit, o.links, {
    counsellorId: await staffMemberOf(unit.tx, o.booking.hostEmail),
    startsAt: o.booking.startsAt,
    endsAt: o.booking.endsAt,
    providerRef: o.booking.reference,
    ...o.contact,
    language: o.input.language,
    reminder: o.input.reminder,
    timeZone: o.input.timeZone,
  });
}

/** A call the outside scheduler holds, as read before asking it to change it. */
export type HeldCall = { id: string; revision: number; providerRef: string };

/**
 * The call a link names, when the outside scheduler holds it and it can still be changed; 'own' when the
 * product holds it (a call booked before the switch to the outside scheduler) or the link is bad or expired:
 * the product's own path then changes it, or refuses the link in its own words.
 */
export async function heldCallOfToken(
  unit: Unit,
  o: { links: CallLinks; token: string; now: Date },
): Promise<HeldCall | 'own'> {
  const opened = openCallToken(o.links.key, o.token, o.now);
  if ('refused' in opened) return 'own';
  const [held] = await unit.tx
    .select({ providerRef: counsellingCall.providerRef })
    .from(counsellingCall)
    .where(eq(counsellingCall.id, opened.callId));
  if (!held?.providerRef) return 'own';
  const call = await callOfToken(unit.tx, o.links.key, o.token, o.now, false);
  if (!isLiveCall(call.state) || call.startsAt <= o.now || !call.providerRef)
    throw new AppError('Conflict', MESSAGE_REFS.counsellingCallNotChangeable);
  return { id: call.id, revision: call.revision, providerRef: call.providerRef };
}

/**
 * Writes what the outside scheduler did to a held call (cancelled it, or moved it to `moved`) and the email
 * that says so. The row is locked and must be as it was read before the scheduler was asked: a change made
 * meanwhile (a second click on the link) wins, and this one is refused (409) without an email. The one
 * exception is Cal.com's own notice of this very change arriving first (cal-com-webhook.ts): the row then
 * already says what was done, and its email went with the notice, so the answer is the row as it is.
 */
export async function saveOutsideChange(
  unit: Unit,
  o: { links: CallLinks; held: HeldCall; moved: OutsideBooking | null },
): Promise<{ row: CallRow; token: string | null; firstName: string | null }> {
  const { tx } = unit;
  const [call] = await tx
    .select()
    .from(counsellingCall)
    .where(eq(counsellingCall.id, o.held.id))
    .for('update');
  if (!call) throw new AppError('Conflict', MESSAGE_REFS.counsellingCallNotChangeable);
  const tokenOf = (row: CallRow) =>
    row.state === 'cancelled' ? null : signCallToken(o.links.key, row.id, row.endsAt, row.revision);
  if (call.revision !== o.held.revision) {
    const sameChange = o.moved
      ? call.state === 'rescheduled' && call.providerRef === o.moved.reference
      : call.state === 'cancelled' && call.providerRef === o.held.providerRef;
    if (!sameChange) throw new AppError('Conflict', MESSAGE_REFS.counsellingCallNotChangeable);
    return { row: call, token: tokenOf(call), firstName: await counsellorFirstName(tx, call.counsellorId) };
  }
  const [row] = (await tx
    .update(counsellingCall)
    .set(
      o.moved
        ? {
            // A move may go to another host; an answer that names none keeps the counsellor.
            counsellorId:
              o.moved.hostEmail === undefined
                ? call.counsellorId
                : await staffMemberOf(tx, o.moved.hostEmail),
            startsAt: o.moved.startsAt,
            endsAt: o.moved.endsAt,
            state: 'rescheduled',
            providerRef: o.moved.reference,
            revision: call.revision + 1,
          }
        : { state: 'cancelled', revision: call.revision + 1 },
    )
    .where(eq(counsellingCall.id, call.id))
    .returning()) as [CallRow];
  const token = tokenOf(row);
  await unit.outbox.email(
    callEmail({
      call: row,
      kind: o.moved ? 'rescheduled' : 'cancelled',
      publicUrl: o.links.publicUrl,
      token,
    }),
  );
  return { row, token, firstName: await counsellorFirstName(tx, row.counsellorId) };
}
