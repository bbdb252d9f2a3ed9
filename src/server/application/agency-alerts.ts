import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  agencyAlertFigures,
  agencyAlertHolds,
  agencyAlertKey,
  agencyAlertSubject,
  type AgencyAlertCandidate,
  AGENCY_ALERT_TYPES,
  type AgencyAlertType,
} from '#domain/enrollment/agency-alerts';
import type { PlanLedger } from '#domain/enrollment/agency-events';
import type { Reader, Transaction } from '#server/db/client';
import { agencyEvent } from '#server/db/schema/agency-events';
import { application, borrower } from '#server/db/schema/application';
import { user } from '#server/db/schema/auth';
import { collection, debt } from '#server/db/schema/credit';
import { offer } from '#server/db/schema/decision';
import { alert } from '#server/db/schema/service-work';
import { enqueueEmail } from '#server/email/outbox';
import {
  creditorPaidOffEmail,
  draftReturnedEmail,
  paymentNotPostedEmail,
  type EmailMessage,
} from '#server/email/templates';
import { languageOrDefault } from '#server/i18n';
import type { Config } from '#server/env';
import type { FieldCipher } from '#server/security/field-encryption';
import { creditorNameOf } from './plan-terms';

// The borrower's alerts from the agency's events (src/domain/enrollment/agency-alerts.ts decides them): each
// written once per draft, payment or creditor, with its email in the same transaction, so an email exists
// exactly when its alert does and an event recorded twice, or a second event about the same draft, writes
// neither again. Shared by the ways events come in (the signed API, the daily file) and the daily check of
// payments not posted.

/**
 * What the emails need: the outbox's cipher, where they link to, the agency's window. Who hears of them once
 * committed is the caller's unit of work, which adopts the ids written into its outbox.
 */
export type AgencyNotices = {
  cipher: FieldCipher;
  publicUrl: string;
  /** POSTING_WINDOW_BUSINESS_DAYS: the window a late payment's email counts. */
  postingWindowDays: number;
};

/** The notices from the cipher and the configuration: its public address and the agency's window. */
export const agencyNoticesOf = (o: {
  cipher: FieldCipher;
  config: Pick<Config, 'publicUrl' | 'agencyPostingWindowDays'>;
}): AgencyNotices => ({
  cipher: o.cipher,
  publicUrl: o.config.publicUrl,
  postingWindowDays: o.config.agencyPostingWindowDays,
});

/** The name the borrower knows each of the plan's creditors by, by offer id. */
export async function creditorNamesOf(tx: Reader, applicationId: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({
      id: offer.id,
      lenderFriendlyName: debt.lenderFriendlyName,
      lenderName: debt.lenderName,
      subscriberFriendlyName: collection.subscriberFriendlyName,
      subscriberName: collection.subscriberName,
    })
    .from(offer)
    .leftJoin(debt, eq(debt.id, offer.debtId))
    .leftJoin(collection, eq(collection.id, offer.collectionId))
    .where(eq(offer.applicationId, applicationId));
  return new Map(
    rows.map((r) => [
      r.id,
      creditorNameOf({
        debt: r.lenderName !== null || r.lenderFriendlyName !== null ? r : null,
        collection: r.subscriberName !== null || r.subscriberFriendlyName !== null ? r : null,
      }),
    ]),
  );
}

/** An alert of the agency's as stored: its type and what triggered it. */
type StoredAgencyAlert = { type: string; triggeredBy: { type: string; id: string }[] };

/**
 * What each alert is about (its draft, payment or creditor), read back from the agency events that triggered
 * it: one read of those events for all the alerts. An alert whose trigger is gone is about nothing.
 */
async function subjectsOf<A extends StoredAgencyAlert>(
  tx: Reader,
  alerts: readonly A[],
): Promise<{ alert: A; subjects: string[] }[]> {
  const triggerIds = alerts.flatMap((a) =>
    a.triggeredBy.filter((t) => t.type === 'agencyEvent').map((t) => t.id),
  );
  const bodies = new Map(
    (triggerIds.length === 0
      ? []
      : await tx
          .select({ id: agencyEvent.id, body: agencyEvent.body })
          .from(agencyEvent)
          .where(inArray(agencyEvent.id, triggerIds))
    ).map((r) => [r.id, r.body as { type: string; data: Record<string, unknown> }]),
  );
  return alerts.map((a) => ({
    alert: a,
    subjects: a.triggeredBy.flatMap((t) => {
      const body = t.type === 'agencyEvent' ? bodies.get(t.id) : undefined;
      const subject = body ? agencyAlertSubject(a.type as AgencyAlertType, body) : null;
      return subject === null ? [] : [subject];
    }),
  }));
}

/**
 * Writes the alerts among `candidates` not raised before for their draft, payment or creditor (a cleared one
 * counts: each is told once), dated `at`, and their emails when `notices` is given. Runs in the caller's
 * transaction under the application's alert lock (the one the monitors' alerts take), so two deliveries at
 * once cannot both write. Answers what was written and the outbox ids, for the caller's unit to adopt.
 */
export async function raiseAgencyAlerts(
  tx: Transaction,
  o: {
    applicationId: string;
    candidates: readonly AgencyAlertCandidate[];
    ledger: PlanLedger;
    at: Date;
    notices: AgencyNotices | null;
  },
): Promise<{ raised: AgencyAlertCandidate[]; emailIds: string[] }> {
  if (o.candidates.length === 0) return { raised: [], emailIds: [] };
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${o.applicationId}`}))`);
  const existing = await tx
    .select({ type: alert.type, triggeredBy: alert.triggeredBy })
    .from(alert)
    .where(and(eq(alert.applicationId, o.applicationId), inArray(alert.type, [...AGENCY_ALERT_TYPES])));
  const raised = new Set(
    (await subjectsOf(tx, existing)).flatMap(({ alert: a, subjects }) =>
      subjects.map((subject) => agencyAlertKey({ type: a.type as AgencyAlertType, subject })),
    ),
  );
  const fresh = [...new Map(o.candidates.map((c) => [agencyAlertKey(c), c])).values()].filter(
    (c) => !raised.has(agencyAlertKey(c)),
  );
  if (fresh.length === 0) return { raised: [], emailIds: [] };
  const rowIds = new Map(
    (
      await tx
        .select({ id: agencyEvent.id, eventKey: agencyEvent.eventKey })
        .from(agencyEvent)
        .where(
          and(
            eq(agencyEvent.applicationId, o.applicationId),
            inArray(
              agencyEvent.eventKey,
              fresh.map((c) => c.eventId),
            ),
          ),
        )
    ).map((r) => [r.eventKey, r.id]),
  );
  const written = fresh.filter((c) => rowIds.has(c.eventId));
  if (written.length === 0) return { raised: [], emailIds: [] };
  await tx.insert(alert).values(
    written.map((c) => ({
      applicationId: o.applicationId,
      type: c.type,
      triggeredBy: [{ type: 'agencyEvent' as const, id: rowIds.get(c.eventId)! }],
      createdAt: o.at,
      updatedAt: o.at,
    })),
  );
  const emailIds = o.notices ? await writeEmails(tx, o.notices, o.applicationId, written, o.ledger) : [];
  return { raised: written, emailIds };
}

/**
 * Clears the plan's open alerts of the agency's that no longer hold on `ledger` (a late payment the creditor
 * has since posted or refused), dated `at`: a cleared alert leaves the borrower's list and shows as cleared to
 * the counsellor. Runs in the caller's transaction, under the same lock as the raising, so an alert is never
 * cleared while another delivery is writing it. Answers how many were cleared.
 */
export async function clearSettledAgencyAlerts(
  tx: Transaction,
  o: { applicationId: string; ledger: PlanLedger; at: Date },
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${o.applicationId}`}))`);
  const open = await tx
    .select({ id: alert.id, type: alert.type, triggeredBy: alert.triggeredBy })
    .from(alert)
    .where(
      and(
        eq(alert.applicationId, o.applicationId),
        eq(alert.type, 'creditorPaymentNotPosted'),
        isNull(alert.clearedAt),
      ),
    );
  if (open.length === 0) return 0;
  const settled = (await subjectsOf(tx, open))
    .filter(({ alert: a, subjects }) =>
      subjects.some((subject) => !agencyAlertHolds(a.type as AgencyAlertType, subject, o.ledger)),
    )
    .map(({ alert: a }) => a.id);
  if (settled.length === 0) return 0;
  await tx.update(alert).set({ clearedAt: o.at, updatedAt: o.at }).where(inArray(alert.id, settled));
  return settled.length;
}

/** The email of each new alert, in the borrower's language, with the figures the alerts page shows. */
async function writeEmails(
  tx: Transaction,
  notices: AgencyNotices,
  applicationId: string,
  alerts: readonly AgencyAlertCandidate[],
  ledger: PlanLedger,
): Promise<string[]> {
  const [person] = await tx
    .select({
      firstName: borrower.firstName,
      email: borrower.email,
      accountEmail: user.email,
      preferredLanguage: borrower.preferredLanguage,
    })
    .from(borrower)
    .innerJoin(application, eq(application.id, borrower.applicationId))
    .innerJoin(user, eq(user.id, application.owner))
    .where(eq(borrower.applicationId, applicationId))
    .limit(1);
  if (!person) return [];
  const names = await creditorNamesOf(tx, applicationId);
  const common = {
    to: person.email ?? person.accountEmail,
    firstName: person.firstName,
    publicUrl: notices.publicUrl,
    language: languageOrDefault(person.preferredLanguage),
  };
  const ids: string[] = [];
  for (const a of alerts) {
    const figures = agencyAlertFigures(a.type, a.subject, ledger, {
      creditorName: (offerId) => (offerId === null ? '' : (names.get(offerId) ?? '')),
      windowDays: notices.postingWindowDays,
    });
    let message: EmailMessage | null = null;
    if (figures?.kind === 'draftReturned') message = draftReturnedEmail({ ...common, figures });
    else if (figures?.kind === 'paymentNotPosted')
      message = paymentNotPostedEmail({ ...common, figures, windowDays: notices.postingWindowDays });
    else if (figures?.kind === 'paidOff') message = creditorPaidOffEmail({ ...common, figures });
    if (message) ids.push(await enqueueEmail(tx, notices.cipher, message));
  }
  return ids;
}
