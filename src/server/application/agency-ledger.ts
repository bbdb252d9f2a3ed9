import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  foldAgencyEvents,
  type AgencyEvent,
  type PlanLedger,
  type RecordedAgencyEvent,
} from '#domain/enrollment/agency-events';
import { ledgerAlerts } from '#domain/enrollment/agency-alerts';
import type { Db, Reader, Transaction } from '#server/db/client';
import { agencyEvent, agencyOpenPayment } from '#server/db/schema/agency-events';
import { offer } from '#server/db/schema/decision';
import { dmpEnrollment } from '#server/db/schema/enrollment';
import { clearSettledAgencyAlerts, raiseAgencyAlerts, type AgencyNotices } from './agency-alerts';

/*
 * The plan's ledger of what the agency's DMP system told us after the hand-over (docs/decisions/0190): every
 * way in (the signed API, the daily file) records through recordAgencyEvent, and every reader (the borrower's
 * Payments page and My plan, the alerts, the counsellor's ledger) reads through planLedgerOf, so they all tell
 * the same story from the same rows.
 */

/** Hex SHA-256 of the event as validated and written back as JSON: the same event hashes the same. */
export const agencyEventSha256 = (event: AgencyEvent): string =>
  createHash('sha256').update(JSON.stringify(event), 'utf8').digest('hex');

export type AgencyEventOutcome =
  | { status: 'applied' }
  | { status: 'alreadyApplied' }
  | { status: 'conflict' }
  | { status: 'unknownPlan' }
  | { status: 'unknownOffer' };

/**
 * Records one validated event, once. The plan must be one the agency was handed (it has an enrollment), and
 * a creditor must be one of that plan's offers, so one plan's id never reaches another's ledger. A second
 * delivery of the same id finds the first row (whichever request wrote it) and compares the bodies' hashes.
 *
 * This door, in a transaction of its own, tells no borrower (`notices` is null): the alerts an event calls for
 * are stored without their emails, since nothing here would announce them to the queue once committed. It is
 * for the seed's ledgers and tests of the ledger alone; every way in (the signed API, the daily file) records
 * in its unit of work with recordAgencyEventIn, and its unit's outbox announces the emails.
 */
export async function recordAgencyEvent(
  db: Db,
  event: AgencyEvent,
  source: string,
  notices: null,
): Promise<AgencyEventOutcome> {
  return db.transaction(async (tx) => (await recordAgencyEventIn(tx, event, source, notices)).outcome);
}

/**
 * recordAgencyEvent in the caller's transaction (a unit of work's), with the alerts' emails when `notices` is
 * given: the same rows, and the ids of the emails written, which the caller's unit adopts into its outbox
 * (`unit.outbox.adopt`) so they are announced once it commits.
 */
export async function recordAgencyEventIn(
  tx: Transaction,
  event: AgencyEvent,
  source: string,
  notices: AgencyNotices | null,
): Promise<{ outcome: AgencyEventOutcome; emailIds: string[] }> {
  const emailIds: string[] = [];
  const outcome = await recordOnce(tx, event, source, notices, emailIds);
  return { outcome, emailIds };
}

/** The event's rows and alerts; the ids of the emails written are pushed to `emailIds`. */
async function recordOnce(
  tx: Transaction,
  event: AgencyEvent,
  source: string,
  notices: AgencyNotices | null,
  emailIds: string[],
): Promise<AgencyEventOutcome> {
  const sha = agencyEventSha256(event);
  // The plan's row is locked, so one plan's events are recorded one at a time: a payment's sending and its
  // posting, arriving together, then keep the list of open payments right whichever comes first.
  const [plan] = await tx
    .select({ id: dmpEnrollment.id })
    .from(dmpEnrollment)
    .where(eq(dmpEnrollment.applicationId, event.applicationId))
    .for('update');
  if (!plan) return { status: 'unknownPlan' } as const;
  if ('offerId' in event.data) {
    const [known] = await tx
      .select({ id: offer.id })
      .from(offer)
      .where(and(eq(offer.id, event.data.offerId), eq(offer.applicationId, event.applicationId)));
    if (!known) return { status: 'unknownOffer' } as const;
  }
  const inserted = await tx
    .insert(agencyEvent)
    .values({
      eventKey: event.id,
      applicationId: event.applicationId,
      type: event.type,
      occurredAt: new Date(event.occurredAt),
      body: event,
      bodySha256: sha,
      source,
    })
    .onConflictDoNothing({ target: agencyEvent.eventKey })
    .returning({ id: agencyEvent.id });
  if (inserted.length > 0) {
    await keepOpenPayments(tx, event);
    // The whole plan's ledger, folded with this event in its place: a late or repeated event decides the
    // same alerts as one on time, and a draft already alerted about is found by its alert.
    const ledger = foldAgencyEvents(await agencyEventsOf(tx, event.applicationId));
    const at = new Date();
    const written = await raiseAgencyAlerts(tx, {
      applicationId: event.applicationId,
      candidates: ledgerAlerts(ledger),
      ledger,
      at,
      notices,
    });
    // A late payment the creditor has now posted (or refused) is no longer news to alert about.
    await clearSettledAgencyAlerts(tx, { applicationId: event.applicationId, ledger, at });
    emailIds.push(...written.emailIds);
    return { status: 'applied' } as const;
  }
  const [first] = await tx
    .select({ sha: agencyEvent.bodySha256 })
    .from(agencyEvent)
    .where(eq(agencyEvent.eventKey, event.id));
  return first?.sha === sha ? ({ status: 'alreadyApplied' } as const) : ({ status: 'conflict' } as const);
}

/**
 * The payments sent and neither posted nor rejected (agency_open_payment), kept with each event so the queue's
 * late-payment filter reads a few rows, not every payment ever sent. A sending whose outcome was recorded first
 * (events arrive out of order) is not open.
 */
async function keepOpenPayments(tx: Transaction, event: AgencyEvent): Promise<void> {
  if (event.type === 'disbursement.sent') {
    const [outcome] = await tx
      .select({ id: agencyEvent.id })
      .from(agencyEvent)
      .where(
        and(
          eq(agencyEvent.applicationId, event.applicationId),
          inArray(agencyEvent.type, ['disbursement.posted', 'disbursement.rejected']),
          sql`${agencyEvent.body}->'data'->>'disbursementId' = ${event.data.disbursementId}`,
        ),
      )
      .limit(1);
    if (outcome) return;
    await tx
      .insert(agencyOpenPayment)
      .values({
        applicationId: event.applicationId,
        disbursementId: event.data.disbursementId,
        sentOn: event.data.sentOn,
      })
      .onConflictDoNothing();
  } else if (event.type === 'disbursement.posted' || event.type === 'disbursement.rejected') {
    await tx
      .delete(agencyOpenPayment)
      .where(
        and(
          eq(agencyOpenPayment.applicationId, event.applicationId),
          eq(agencyOpenPayment.disbursementId, event.data.disbursementId),
        ),
      );
  }
}

/** A plan's recorded events, in the order they happened (the fold sorts them again; the index serves this). */
export async function agencyEventsOf(db: Reader, applicationId: string): Promise<RecordedAgencyEvent[]> {
  const rows = await db
    .select({ body: agencyEvent.body })
    .from(agencyEvent)
    .where(eq(agencyEvent.applicationId, applicationId))
    .orderBy(asc(agencyEvent.occurredAt), asc(agencyEvent.eventKey));
  return rows.map((r) => r.body as RecordedAgencyEvent);
}

/** The state of a plan's drafts, payments to creditors and creditors' balances, from its recorded events. */
export async function planLedgerOf(db: Reader, applicationId: string): Promise<PlanLedger> {
  return foldAgencyEvents(await agencyEventsOf(db, applicationId));
}
