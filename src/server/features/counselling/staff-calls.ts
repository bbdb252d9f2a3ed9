import { and, asc, desc, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { dayIn } from '#domain/calendar';
import { agencyDayBounds, OUTCOME_REFUSED, outcomeRefusal } from '#domain/counselling/outcome';
import {
  BORROWER_CALLS_LIMIT,
  CALL_PERIOD_DAYS,
  CONTACT_ATTEMPT_NEEDS_APPLICATION,
  type CallPeriod,
  TODAYS_CALLS_LIMIT,
  type BorrowerCallsView,
  type CallOutcomeBody,
  type CallScope,
  type StaffCallView,
  type TodaysCallsView,
} from '#domain/validation/counselling-staff';
import type { ContactAttemptView } from '#domain/validation/staff';
import { e164ToPhone } from '#domain/validation/format';
import { MESSAGES } from '#domain/validation/messages';
import { inSequence } from '#server/db/in-sequence';
import { application, counsellingCall, user } from '#server/db/schema/index';
import type { Transaction, Unit } from '#server/unit-of-work';
import { insertContactAttempt } from '#server/application/contact-attempts';
import type { CallRow } from './call-view';

// The service portal's side of the counselling call: the agency's calls of the day, a borrower's bookings on
// their summary, and the counsellor marking a call completed or missed (with a contact attempt in one step).

/** Each call's borrower application (one per account), read in one query. */
async function applicationsOf(db: Transaction, rows: readonly CallRow[]) {
  const owners = [...new Set(rows.flatMap((r) => (r.borrowerUserId ? [r.borrowerUserId] : [])))];
  const found =
    owners.length === 0
      ? []
      : await db
          .select({ id: application.id, owner: application.owner })
          .from(application)
          // The current application of each account: the one a call booked now belongs to.
          .where(and(inArray(application.owner, owners), isNull(application.supersededAt)));
  const byOwner = new Map(found.map((a) => [a.owner, a.id]));
  return (row: CallRow) => (row.borrowerUserId ? (byOwner.get(row.borrowerUserId) ?? null) : null);
}

/** Staff members' names as the portal shows them ('Name Unavailable' when none is known), in one query. */
async function staffNames(db: Transaction, ids: Iterable<string | null>) {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  const rows =
    wanted.length === 0
      ? []
      : await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, wanted));
  const names = new Map(rows.map((r) => [r.id, r.name?.trim() || MESSAGES.nameUnavailable]));
  return (id: string | null) => (id ? (names.get(id) ?? MESSAGES.nameUnavailable) : null);
}

async function views(db: Transaction, rows: readonly CallRow[], now: Date, agencyTimeZone: string) {
  const [applicationOf, staff] = await inSequence(
    () => applicationsOf(db, rows),
    () =>
      staffNames(
        db,
        rows.flatMap((r) => [r.counsellorId, r.outcomeRecordedBy]),
      ),
  );
  return rows.map((row): StaffCallView => ({
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: row.state,
    language: row.language,
    name: row.name,
    phoneNumber: e164ToPhone(row.phoneNumber),
    counsellor: { id: row.counsellorId, name: staff(row.counsellorId) },
    applicationId: applicationOf(row),
    outcomeRecordedAt: row.outcomeRecordedAt?.toISOString() ?? null,
    outcomeRecordedBy: staff(row.outcomeRecordedBy),
    markable: outcomeRefusal(row, now, agencyTimeZone) === null,
  }));
}

/**
 * GET /api/staff/counselling/calls/today: every call of the agency's day (cancelled ones too, so a counsellor
 * sees why a slot emptied), by start time; 'mine' lists only the signed-in counsellor's. With period 'week',
 * the seven days from today without the cancelled calls: what is coming up. Calls booked without an account
 * are listed like the others (they have no application to open). The starts_at index serves the range; the
 * list is bounded (TODAYS_CALLS_LIMIT) and says when it was cut.
 */
export async function listTodaysCalls(
  unit: Unit,
  o: {
    userId: string;
    scope: CallScope;
    period?: CallPeriod;
    agencyTimeZone: string;
    now?: Date;
  },
): Promise<TodaysCallsView> {
  const now = o.now ?? new Date();
  const period = o.period ?? 'day';
  const { from, to } = agencyDayBounds(now, o.agencyTimeZone, CALL_PERIOD_DAYS[period]);
  const rows = await unit.tx
    .select()
    .from(counsellingCall)
    .where(
      and(
        gte(counsellingCall.startsAt, from),
        lt(counsellingCall.startsAt, to),
        o.scope === 'mine' ? eq(counsellingCall.counsellorId, o.userId) : undefined,
        period === 'week' ? ne(counsellingCall.state, 'cancelled') : undefined,
      ),
    )
    .orderBy(asc(counsellingCall.startsAt), asc(counsellingCall.id))
    .limit(TODAYS_CALLS_LIMIT + 1);
  const shown = rows.slice(0, TODAYS_CALLS_LIMIT);
  return {
    day: dayIn(now, o.agencyTimeZone),
    lastDay: dayIn(new Date(to.getTime() - 1), o.agencyTimeZone),
    period,
    timeZone: o.agencyTimeZone,
    calls: await views(unit.tx, shown, now, o.agencyTimeZone),
    truncated: rows.length > TODAYS_CALLS_LIMIT,
  };
}

/**
 * GET /api/staff/applications/:id/counselling-calls: the calls the application's borrower booked while signed
 * in, newest first (an unknown application is a 404).
 */
export async function listBorrowerCalls(
  unit: Unit,
  o: { applicationId: string; agencyTimeZone: string; now?: Date },
): Promise<BorrowerCallsView> {
  const now = o.now ?? new Date();
  const [app] = await unit.tx
    .select({ owner: application.owner })
    .from(application)
    .where(eq(application.id, o.applicationId));
  if (!app) throw new AppError('NotFound');
  const rows = await unit.tx
    .select()
    .from(counsellingCall)
    .where(eq(counsellingCall.borrowerUserId, app.owner))
    .orderBy(desc(counsellingCall.startsAt), asc(counsellingCall.id))
    .limit(BORROWER_CALLS_LIMIT);
  return { timeZone: o.agencyTimeZone, calls: await views(unit.tx, rows, now, o.agencyTimeZone) };
}

/**
 * POST /api/staff/counselling/calls/:id/outcome: marks a live call of today or earlier completed or missed,
 * records who and when, and logs the contact attempt with it when asked, all in one transaction (the call's
 * row is locked, so two counsellors marking at once are decided one after the other: the second gets a 409).
 * Any staff member may mark a call: a colleague covers for an absent counsellor.
 */
export async function markCallOutcome(
  unit: Unit,
  o: {
    staff: { userId: string; firstName: string | null };
    callId: string;
    input: CallOutcomeBody;
    agencyTimeZone: string;
    now?: Date;
  },
): Promise<{ call: StaffCallView; contactAttempt: ContactAttemptView | null }> {
  const now = o.now ?? new Date();
  const { tx } = unit;
  const [row] = await tx.select().from(counsellingCall).where(eq(counsellingCall.id, o.callId)).for('update');
  if (!row) throw new AppError('NotFound');
  const refusal = outcomeRefusal(row, now, o.agencyTimeZone);
  if (refusal) throw new AppError('Conflict', OUTCOME_REFUSED[refusal]);

  let attempt: { view: ContactAttemptView; smsId?: string } | null = null;
  if (o.input.contactAttempt) {
    const applicationId = (await applicationsOf(tx, [row]))(row);
    if (!applicationId) {
      throw new AppError('ValidationError', CONTACT_ATTEMPT_NEEDS_APPLICATION, {
        fieldErrors: { contactAttempt: CONTACT_ATTEMPT_NEEDS_APPLICATION },
      });
    }
    attempt = await insertContactAttempt(tx, {
      cipher: unit.cipher,
      staff: o.staff,
      applicationId,
      input: o.input.contactAttempt,
    });
    // The text the attempt may send the borrower (a missed call's), handed to the queue with the unit's own.
    if (attempt.smsId) unit.outbox.adopt({ smsIds: [attempt.smsId] });
  }
  const [updated] = await tx
    .update(counsellingCall)
    .set({
      state: o.input.outcome,
      outcomeRecordedBy: o.staff.userId,
      outcomeRecordedAt: now,
      contactAttemptId: attempt?.view.id ?? null,
      revision: row.revision + 1,
    })
    .where(eq(counsellingCall.id, row.id))
    .returning();
  await unit.audit({
    actorId: o.staff.userId,
    action: 'counsellingCallOutcome',
    entityType: 'counsellingCall',
    entityId: row.id,
    applicationId: attempt?.view.applicationId ?? null,
    before: { state: row.state },
    after: { state: o.input.outcome, contactAttemptId: attempt?.view.id ?? null },
  });
  const [call] = await views(tx, [updated!], now, o.agencyTimeZone);
  return { call: call!, contactAttempt: attempt?.view ?? null };
}
