import { asc, inArray } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { assignmentOrder } from '#domain/counselling/assignment';
import { bookableWindow, counsellorsFreeAt, type Interval, type SlotRules } from '#domain/counselling/slots';
import type { OpenUnit, Transaction, Unit } from '#server/unit-of-work';
import { counsellor } from '#server/db/schema/index';
import { lastAssignments, loadAgencyDaysOff, loadAvailability } from './availability';
import { MESSAGE_REFS, MESSAGES } from '#domain/validation/messages';

export const SLOT_TAKEN = MESSAGES.counsellingSlotTaken;
export const BOOKING_BUSY = MESSAGES.counsellingBusy;

/** The PostgreSQL code of an error or of one of its causes. */
const codeOf = (error: unknown): string | null => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
};

/** deadlock_detected and serialization_failure: the database gave up one of two transactions; a retry may pass. */
export const isContention = (error: unknown): boolean => {
  const code = codeOf(error);
  return code === '40P01' || code === '40001';
};

const RETRIES = 3;

/**
 * Runs a booking's or a move's transaction, again when the database gave it up to another (a deadlock or a
 * serialization failure, which the locking order below should make rare), and answers 409 if it keeps
 * happening: a busy moment is a conflict to try again, never a server error.
 */
export async function answerContention<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isContention(error)) throw error;
      if (attempt >= RETRIES) throw new AppError('Conflict', MESSAGE_REFS.counsellingBusy);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}

/** PostgreSQL's unique_violation: the database refused a second live call at one counsellor's start. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Runs a booking's or a move's unit (answerContention: again when the database gave it up to another), and
 * answers the database's refusal of a second live call at one counsellor's start as a taken slot.
 */
export async function inContendedUnit<T>(openUnit: OpenUnit, fn: (unit: Unit) => Promise<T>): Promise<T> {
  try {
    return await answerContention(() => openUnit(fn));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('Conflict', MESSAGE_REFS.counsellingSlotTaken);
    throw error;
  }
}

/**
 * Finds the counsellor who takes a call at `slot` and runs `write` with them, inside the caller's transaction.
 * Candidates are those whose hours offer that start and who are free then, in round-robin order with the
 * borrower's language first (`keep`, the counsellor a moved call already has, goes before everyone). All of
 * them are locked at once (their counsellor rows, FOR UPDATE, in one statement ordered by id), then each is
 * checked again under the lock: a booking for the same counsellor that committed meanwhile is then seen, so two
 * bookings never both pass. Locking one by one in round-robin order deadlocked: that order changes as bookings
 * commit, so two transactions could each hold a counsellor the other waits for. In one order by id, whoever
 * locks the first shared row first goes first. The unique index on a counsellor's live starts is the last
 * guard; its refusal is answered as a taken slot too.
 */
export async function takeSlot<T>(
  tx: Transaction,
  o: {
    slot: Interval;
    rules: SlotRules;
    agencyTimeZone: string;
    now: Date;
    language: string;
    keep?: string;
    exceptCallId?: string;
    write: (counsellorId: string) => Promise<T>;
  },
): Promise<T> {
  const window = bookableWindow(o.now, o.rules);
  if (o.slot.startsAt < window.earliest || o.slot.startsAt >= window.latest)
    throw new AppError('Conflict', MESSAGE_REFS.counsellingSlotTaken);
  const everyone = await loadAvailability(tx, { span: o.slot, rules: o.rules, exceptCallId: o.exceptCallId });
  const daysOff = await loadAgencyDaysOff(tx, o.slot);
  const free = counsellorsFreeAt({
    daysOff,
    counsellors: everyone,
    agencyTimeZone: o.agencyTimeZone,
    rules: o.rules,
    slot: o.slot,
  });
  const last = await lastAssignments(tx, free);
  const candidates = everyone
    .filter((c) => free.includes(c.id))
    .map((c) => ({ id: c.id, languages: c.languages, lastAssignedAt: last.get(c.id) ?? null }));
  const order = assignmentOrder(candidates, o.language);
  // A moved call stays with its counsellor when they are free at the new time.
  if (o.keep && order.includes(o.keep)) {
    order.splice(order.indexOf(o.keep), 1);
    order.unshift(o.keep);
  }
  if (order.length === 0) throw new AppError('Conflict', MESSAGE_REFS.counsellingSlotTaken);
  await tx
    .select({ id: counsellor.userId })
    .from(counsellor)
    .where(inArray(counsellor.userId, order))
    .orderBy(asc(counsellor.userId))
    .for('update');
  for (const id of order) {
    const [mine] = await loadAvailability(tx, {
      span: o.slot,
      rules: o.rules,
      onlyCounsellorId: id,
      exceptCallId: o.exceptCallId,
    });
    const stillFree =
      mine &&
      counsellorsFreeAt({
        daysOff,
        counsellors: [mine],
        agencyTimeZone: o.agencyTimeZone,
        rules: o.rules,
        slot: o.slot,
      });
    if (stillFree && stillFree.length === 1) return o.write(id);
  }
  throw new AppError('Conflict', MESSAGE_REFS.counsellingSlotTaken);
}
