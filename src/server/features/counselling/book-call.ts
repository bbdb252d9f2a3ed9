import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_CALL_STATES } from '#domain/counselling/calls';
import { AppError } from '#domain/errors';
import { DEFAULT_SLOT_RULES, type SlotRules } from '#domain/counselling/slots';
import type { BookCallInput } from '#domain/validation/counselling';
import { ANONYMOUS_CONTACT_FIELDS } from '#domain/validation/counselling';
import { LABELS } from '#domain/i18n/validation-messages';
import { MESSAGE_REFS, MESSAGES, requiredRef } from '#domain/validation/messages';
import type { MessageRef } from '#domain/i18n/message';
import { normalizeEmail, phoneToE164 } from '#domain/validation/format';
import { counsellingCall } from '#server/db/schema/index';
import type { Viewer } from '#server/plugins/viewer';
import type { OpenUnit, Transaction, Unit } from '#server/unit-of-work';
import { callEmail } from './call-email';
import { type CallTokenKey, signCallToken } from './call-token';
import { callView, type CallRow } from './call-view';
import { noteCallEmail, refuseWhenInboxFull } from './change-limits';
import { inContendedUnit, takeSlot } from './take-slot';

const MINUTE = 60_000;

export const ALREADY_BOOKED = MESSAGES.counsellingAlreadyBooked;

/** What signs and addresses a call's emailed links: the key (from AUTH_SECRET) and the site's address. */
export type CallLinks = { key: CallTokenKey; publicUrl: string };

/**
 * Writes a booked call and its confirmation email (with the invitation and the signed links) in the unit: the
 * same for a slot of the product's own calendar and for one an outside scheduler booked. Answers the row and
 * its link token; the unit hands the email to the queue once it commits.
 */
export async function writeBookedCall(
  unit: Unit,
  links: CallLinks,
  values: Omit<typeof counsellingCall.$inferInsert, 'state'>,
): Promise<{ row: CallRow; token: string }> {
  const [row] = await unit.tx
    .insert(counsellingCall)
    .values({ ...values, state: 'booked' })
    .returning();
  const token = signCallToken(links.key, row!.id, row!.endsAt, row!.revision);
  await unit.outbox.email(callEmail({ call: row!, kind: 'booked', publicUrl: links.publicUrl, token }));
  await noteCallEmail(unit.tx, { email: row!.email, callId: row!.id, kind: 'booked', now: row!.createdAt });
  return { row: row!, token };
}

/** The visitor's contact fields' labels as messages (the same English as ANONYMOUS_CONTACT_FIELDS). */
const CONTACT_LABELS = {
  firstName: LABELS.firstName,
  lastName: LABELS.lastName,
  email: LABELS.email,
  phoneNumber: LABELS.phoneNumber,
} satisfies Record<keyof typeof ANONYMOUS_CONTACT_FIELDS, unknown>;

/** Who the call is with: a signed-in borrower's own account, else the visitor's answers (all required then). */
export function contactOf(input: BookCallInput, viewer: Viewer | null) {
  if (viewer && !viewer.isStaff) {
    const name = [viewer.firstName ?? input.firstName, viewer.lastName ?? input.lastName]
      .filter(Boolean)
      .join(' ');
    const phone = viewer.phoneNumber ?? (input.phoneNumber ? phoneToE164(input.phoneNumber) : null);
    if (!phone) {
      const message = requiredRef(CONTACT_LABELS.phoneNumber);
      throw new AppError('ValidationError', message, { fieldErrors: { phoneNumber: message } });
    }
    return {
      borrowerUserId: viewer.userId,
      name: name || viewer.email,
      email: viewer.email,
      phoneNumber: phone,
    };
  }
  const fieldErrors: Record<string, MessageRef> = {};
  for (const [field, label] of Object.entries(CONTACT_LABELS)) {
    if (!input[field as keyof typeof CONTACT_LABELS]) fieldErrors[field] = requiredRef(label);
  }
  const firstRef = Object.values(fieldErrors)[0];
  if (firstRef) throw new AppError('ValidationError', firstRef, { fieldErrors });
  return {
    borrowerUserId: null,
    name: `${input.firstName} ${input.lastName}`,
    email: normalizeEmail(input.email!),
    phoneNumber: phoneToE164(input.phoneNumber!),
  };
}

/**
 * One upcoming call per email address: a person needs one, and a stranger cannot fill the counsellors'
 * calendars (or someone's inbox) with one address. Moving the call is what its links are for.
 */
export async function refuseSecondUpcomingCall(tx: Transaction, email: string, now: Date): Promise<void> {
  const [upcoming] = await tx
    .select({ id: counsellingCall.id })
    .from(counsellingCall)
    .where(
      and(
        eq(counsellingCall.email, email),
        inArray(counsellingCall.state, [...LIVE_CALL_STATES]),
        gt(counsellingCall.endsAt, now),
      ),
    )
    .limit(1);
  if (upcoming) throw new AppError('Conflict', MESSAGE_REFS.counsellingAlreadyBooked);
}

/**
 * Books a counselling call at an open slot, in the unit: assigns a counsellor (take-slot.ts), writes the call
 * and its confirmation email (with the calendar invitation and the links to move or cancel it). A slot
 * someone else took first answers 409 (the route runs it through inContendedUnit, which retries a unit the
 * database gave up and answers a unique violation as the slot taken).
 */
export async function bookCall(
  unit: Unit,
  o: {
    links: CallLinks;
    agencyTimeZone: string;
    input: BookCallInput;
    viewer: Viewer | null;
    now: Date;
    rules?: SlotRules;
  },
): Promise<{ row: CallRow; token: string }> {
  const { input, now } = o;
  const rules = o.rules ?? DEFAULT_SLOT_RULES;
  const contact = contactOf(input, o.viewer);
  const slot = {
    startsAt: input.startsAt,
    endsAt: new Date(input.startsAt.getTime() + rules.callMinutes * MINUTE),
  };
  await refuseSecondUpcomingCall(unit.tx, contact.email, now);
  await refuseWhenInboxFull(unit.tx, contact.email, now);
  return takeSlot(unit.tx, {
    slot,
    rules,
    agencyTimeZone: o.agencyTimeZone,
    now,
    language: input.language,
    write: (counsellorId) =>
      writeBookedCall(unit, o.links, {
        counsellorId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        ...contact,
        language: input.language,
        reminder: input.reminder,
        timeZone: input.timeZone,
      }),
  });
}

/** The product's own booking, from the route: the booking in a contended unit, logged once it committed. */
export async function bookOwnCall(o: {
  openUnit: OpenUnit;
  links: CallLinks;
  agencyTimeZone: string;
  input: BookCallInput;
  viewer: Viewer | null;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<ReturnType<typeof callView> & { token: string }> {
  const now = o.now ?? new Date();
  const { row, token } = await inContendedUnit(o.openUnit, (unit) =>
    bookCall(unit, {
      links: o.links,
      agencyTimeZone: o.agencyTimeZone,
      input: o.input,
      viewer: o.viewer,
      now,
    }),
  );
  o.log.info({ callId: row.id, counsellorId: row.counsellorId }, 'counselling call booked');
  return { ...callView(row, null, now), token };
}
