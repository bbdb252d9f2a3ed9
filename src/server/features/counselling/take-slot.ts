import { sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { assignmentOrder } from '#domain/counselling/assignment';
import { bookableWindow, counsellorsFreeAt, type Interval, type SlotRules } from '#domain/counselling/slots';
import type { Tx } from '#server/db/client';
import { counsellor } from '#server/db/schema/index';
import { lastAssignments, loadAvailability } from './availability';
import { MESSAGES } from '#domain/validation/messages';

export const SLOT_TAKEN = MESSAGES.counsellingSlotTaken;

/** PostgreSQL's unique_violation: the database refused a second live call at one counsellor's start. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Finds the counsellor who takes a call at `slot` and runs `write` with them, inside the caller's transaction.
 * Candidates are those whose hours offer that start and who are free then, in round-robin order with the
 * borrower's language first (`keep`, the counsellor a moved call already has, goes before everyone). Each is
 * locked in turn (their counsellor row, FOR UPDATE) and checked again under the lock: a booking for the same
 * counsellor that committed meanwhile is then seen, so two bookings never both pass. The unique index on a
 * counsellor's live starts is the last guard; its refusal is answered as a taken slot too.
 */
export async function takeSlot<T>(
  tx: Tx,
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
    throw new AppError('Conflict', SLOT_TAKEN);
  const everyone = await loadAvailability(tx, { span: o.slot, rules: o.rules, exceptCallId: o.exceptCallId });
  const free = counsellorsFreeAt({
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
  for (const id of order) {
    await tx.execute(sql`select 1 from ${counsellor} where ${counsellor.userId} = ${id} for update`);
    const [mine] = await loadAvailability(tx, {
      span: o.slot,
      rules: o.rules,
      onlyCounsellorId: id,
      exceptCallId: o.exceptCallId,
    });
    const stillFree =
      mine &&
      counsellorsFreeAt({
        counsellors: [mine],
        agencyTimeZone: o.agencyTimeZone,
        rules: o.rules,
        slot: o.slot,
      });
    if (stillFree && stillFree.length === 1) return o.write(id);
  }
  throw new AppError('Conflict', SLOT_TAKEN);
}
