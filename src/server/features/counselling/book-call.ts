import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_CALL_STATES } from '#domain/counselling/calls';
import { AppError } from '#domain/errors';
import { DEFAULT_SLOT_RULES, type SlotRules } from '#domain/counselling/slots';
import type { BookCallInput } from '#domain/validation/counselling';
import { ANONYMOUS_CONTACT_FIELDS } from '#domain/validation/counselling';
import { MESSAGES, requiredMessage } from '#domain/validation/messages';
import { normalizeEmail, phoneToE164 } from '#domain/validation/format';
import type { Tx } from '#server/db/client';
import { counsellingCall } from '#server/db/schema/index';
import { enqueueEmail } from '#server/email/outbox';
import type { Viewer } from '#server/plugins/viewer';
import type { Services } from '#server/services';
import { callEmail } from './call-email';
import { callTokenKey, signCallToken } from './call-token';
import { callView, type CallRow } from './call-view';
import { isUniqueViolation, SLOT_TAKEN, takeSlot } from './take-slot';

const MINUTE = 60_000;

export const ALREADY_BOOKED = MESSAGES.counsellingAlreadyBooked;

/**
 * Writes a booked call and queues its confirmation email (with the invitation and the signed links), in the
 * caller's transaction: the same for a slot of the product's own calendar and for one an outside scheduler
 * booked. Answers the row, its link token and the email's id (to hand over once the transaction commits).
 */
export async function writeBookedCall(
  tx: Tx,
  services: Pick<Services, 'config' | 'cipher'>,
  values: Omit<typeof counsellingCall.$inferInsert, 'state'>,
): Promise<{ row: CallRow; token: string; emailId: string }> {
  const [row] = await tx
    .insert(counsellingCall)
    .values({ ...values, state: 'booked' })
    .returning();
  const token = signCallToken(callTokenKey(services.config.authSecret), row!.id, row!.endsAt);
  const emailId = await enqueueEmail(
    tx,
    services.cipher,
    callEmail({ call: row!, kind: 'booked', publicUrl: services.config.publicUrl, token }),
  );
  return { row: row!, token, emailId };
}

/** Who the call is with: a signed-in borrower's own account, else the visitor's answers (all required then). */
export function contactOf(input: BookCallInput, viewer: Viewer | null) {
  if (viewer && !viewer.isStaff) {
    const name = [viewer.firstName ?? input.firstName, viewer.lastName ?? input.lastName]
      .filter(Boolean)
      .join(' ');
    const phone = viewer.phoneNumber ?? (input.phoneNumber ? phoneToE164(input.phoneNumber) : null);
    if (!phone) {
      const message = requiredMessage(ANONYMOUS_CONTACT_FIELDS.phoneNumber);
      throw new AppError('ValidationError', message, { fieldErrors: { phoneNumber: message } });
    }
    return {
      borrowerUserId: viewer.userId,
      name: name || viewer.email,
      email: viewer.email,
      phoneNumber: phone,
    };
  }
  const fieldErrors: Record<string, string> = {};
  for (const [field, label] of Object.entries(ANONYMOUS_CONTACT_FIELDS)) {
    if (!input[field as keyof typeof ANONYMOUS_CONTACT_FIELDS]) fieldErrors[field] = requiredMessage(label);
  }
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError('ValidationError', first, { fieldErrors });
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
export async function refuseSecondUpcomingCall(tx: Tx, email: string, now: Date): Promise<void> {
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
  if (upcoming) throw new AppError('Conflict', ALREADY_BOOKED);
}

/**
 * Books a counselling call at an open slot: assigns a counsellor (take-slot.ts), writes the call and its
 * confirmation email (with the calendar invitation and the links to move or cancel it) in one transaction.
 * A slot someone else took first answers 409.
 */
export async function bookCall(o: {
  services: Services;
  input: BookCallInput;
  viewer: Viewer | null;
  log: FastifyBaseLogger;
  now?: Date;
  rules?: SlotRules;
}): Promise<ReturnType<typeof callView> & { token: string }> {
  const { services, input } = o;
  const now = o.now ?? new Date();
  const rules = o.rules ?? DEFAULT_SLOT_RULES;
  const contact = contactOf(input, o.viewer);
  const slot = {
    startsAt: input.startsAt,
    endsAt: new Date(input.startsAt.getTime() + rules.callMinutes * MINUTE),
  };
  let emailId: string;
  let result: { row: CallRow; token: string };
  try {
    ({ emailId, result } = await services.database.db.transaction(async (tx) => {
      await refuseSecondUpcomingCall(tx, contact.email, now);
      return takeSlot(tx, {
        slot,
        rules,
        agencyTimeZone: services.config.agencyTimeZone,
        now,
        language: input.language,
        write: async (counsellorId) => {
          const {
            row,
            token,
            emailId: id,
          } = await writeBookedCall(tx, services, {
            counsellorId,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            ...contact,
            language: input.language,
            reminder: input.reminder,
            timeZone: input.timeZone,
          });
          return { emailId: id, result: { row, token } };
        },
      });
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('Conflict', SLOT_TAKEN);
    throw error;
  }
  services.onEmailQueued?.(emailId);
  o.log.info({ callId: result.row.id, counsellorId: result.row.counsellorId }, 'counselling call booked');
  return { ...callView(result.row, null, now), token: result.token };
}
